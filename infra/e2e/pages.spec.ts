import { readFile } from 'node:fs/promises'

import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/hydrated.js'

/**
 * The marketing pages against SPEC §1, §2 (Home, About, Locations, /cognivue), §4 (carousels,
 * offices) and §9 (carousel widths, tip facts): texts, links and their targets, the insurance
 * carousel, videos, the team dialogs, the rack card PDF, analytics, accessibility (axe) and layout
 * from 320 to 3200 px wide.
 */

const PAGES = [
  { path: '/', h1: "Reconnect With Life's Sounds." },
  { path: '/about-us', h1: /^About / },
  { path: '/locations', h1: 'Our Locations' },
  { path: '/cognivue', h1: 'Enhance Your Memory Health' },
] as const

test.beforeEach(async ({ context }) => {
  // A stored cookie choice: the notice (shown after 2 s otherwise) must not cover what we click.
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'))
})

/** Scrolls to the window's top? (The spec's buttons "scroll to top" of the page they open.) */
const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

// ---------------------------------------------------------------------------------------------
// Home
// ---------------------------------------------------------------------------------------------

test.describe('Home', () => {
  test('hero: tagline, hero copy, trust claims with five stars, and the two buttons', async ({ page }) => {
    await page.goto('/')
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Reconnect With Life's Sounds.")
    await expect(hero).toContainText(
      "Transform your hearing with advanced technology and personalized care from Georgia's most trusted hearing specialists.",
    )
    await expect(hero.getByRole('img', { name: 'Rated 4.9 out of 5 stars' })).toBeVisible()
    await expect(hero.getByRole('img', { name: 'Rated 4.9 out of 5 stars' }).locator('svg')).toHaveCount(5)
    await expect(hero).toContainText('4.9/5')
    await expect(hero).toContainText('15,000+')
    await expect(hero).toContainText('Patients Helped')
    await expect(hero).toContainText('20+')
    await expect(hero).toContainText('Years of Experience')
    await expect(hero.getByRole('link', { name: 'Book Appointment' })).toHaveAttribute('href', '/book-appointment')
    await expect(hero.getByRole('link', { name: 'Shop Hearing Aids' })).toHaveAttribute('href', '/products')
  })

  test('hero buttons open their pages at the top', async ({ page }) => {
    for (const [name, path] of [
      ['Book Appointment', '/book-appointment'],
      ['Shop Hearing Aids', '/products'],
    ] as const) {
      await page.goto('/')
      await page.evaluate(() => window.scrollTo(0, 200))
      await page.locator('main').getByRole('link', { name, exact: true }).first().click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect.poll(() => scrollY(page)).toBe(0)
    }
  })

  test('hero background video loops, muted, plays by itself and can be paused', async ({ page }) => {
    await page.goto('/')
    const video = page.locator('main video').first()
    await expect(video).toHaveAttribute('aria-hidden', 'true')
    expect(await video.evaluate((v: HTMLVideoElement) => ({ loop: v.loop, muted: v.muted }))).toEqual({
      loop: true,
      muted: true,
    })
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true)

    await page.getByRole('button', { name: 'Pause background video' }).click()
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
    await page.getByRole('button', { name: 'Play background video' }).click()
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false)
  })

  test('hero picture: whole and on screen from 320 to 1920 px, beside the text on wide screens, below it on narrow ones', async ({
    page,
  }) => {
    await page.goto('/')
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) })
    const picture = hero.locator('img[src="/media/hero-consultation.svg"]')
    // Decorative (the text beside it says it all), and its size is reserved before it loads.
    await expect(picture).toHaveAttribute('alt', '')
    await expect(picture).toHaveAttribute('width', '640')
    await expect(picture).toHaveAttribute('height', '560')
    for (const width of [320, 390, 768, 1024, 1366, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      await picture.scrollIntoViewIfNeeded()
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      const box = (await picture.boundingBox())!
      const heroBox = (await hero.boundingBox())!
      const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!
      expect(box.x, `${width} px: starts on screen`).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width, `${width} px: ends on screen`).toBeLessThanOrEqual(width)
      expect(box.y + box.height, `${width} px: inside the hero`).toBeLessThanOrEqual(heroBox.y + heroBox.height)
      expect(box.width / box.height, `${width} px: not stretched`).toBeCloseTo(640 / 560, 1)
      if (width >= 1024) expect(box.x, `${width} px: right of the heading`).toBeGreaterThanOrEqual(heading.x + heading.width)
      else expect(box.y, `${width} px: below the text`).toBeGreaterThan(heading.y + heading.height)
    }
  })

  test('hero video that fails to load is hidden and the failure is logged', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.route('**/media/hero.*', (route) => route.abort())
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('main video')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /background video/ })).toHaveCount(0)
    await expect.poll(() => errors.some((e) => e.includes('Background video failed to load'))).toBe(true)
  })

  test('reduced motion: the hero video and the logo carousel stay still until asked', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const mediaCalls = await recordMediaCalls(page)
    await page.clock.install()
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Insurance partners' })
    await carousel.scrollIntoViewIfNeeded()
    await expect(page.getByRole('button', { name: 'Play logo slideshow' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Play background video' })).toBeVisible()
    expect(await page.locator('main video').first().evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
    await expect.poll(mediaCalls, { message: 'the page has told the video what to do' }).not.toEqual([])
    expect(await mediaCalls(), 'the hero video is not even started for a moment').not.toContain('play')

    const before = await visibleLogos(carousel)
    expect(before[0]).toBe(logoFile(1))
    await page.clock.runFor(9_000)
    await expectStill(carousel, before)

    await page.getByRole('button', { name: 'Play logo slideshow' }).click()
    await page.clock.runFor(3_000)
    await expect.poll(() => visibleLogos(carousel).then((l) => l[0])).toBe(logoFile(2))
  })

  test('insurance section: heading, 20 lazily loaded logos "Insurance partner N", fallback texts and Contact us now', async ({
    page,
  }) => {
    await page.goto('/')
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Most Insurance Plans Accepted' }) })
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Most Insurance Plans Accepted')
    const carousel = section.getByRole('region', { name: 'Insurance partners' })
    // Only the 20 logos are in the accessibility tree (the loop's copies are hidden from it).
    await expect(carousel.getByRole('img')).toHaveCount(20)
    for (let n = 1; n <= 20; n++) {
      const logo = carousel.getByRole('img', { name: `Insurance partner ${n}`, exact: true })
      await expect(logo).toHaveCount(1)
      await expect(logo).toHaveAttribute('loading', 'lazy')
    }
    // No arrows, no dots: the only control is the pause button.
    await expect(carousel.getByRole('button')).toHaveCount(1)
    await expect(carousel.getByRole('button')).toHaveText(/Pause logo slideshow/)

    const notListed = section.getByText("Don't see your insurance listed? No worries!", { exact: true })
    const help = section.getByText('Our team can check your benefits and help you explore your options.', { exact: true })
    await expect(notListed).toBeVisible()
    await expect(help).toBeVisible()
    expect((await notListed.boundingBox())!.y).toBeLessThan((await help.boundingBox())!.y)

    await page.evaluate(() => window.scrollTo(0, 0))
    await section.getByRole('link', { name: 'Contact us now' }).click()
    await expect(page).toHaveURL(/\/contact-us$/)
    await expect.poll(() => scrollY(page)).toBe(0)
  })

  for (const { width, visible } of [
    { width: 3200, visible: 10 },
    { width: 1366, visible: 8 },
    { width: 800, visible: 5 },
    { width: 400, visible: 3 },
  ]) {
    test(`insurance carousel shows ${visible} logos at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      const carousel = page.getByRole('region', { name: 'Insurance partners' })
      await carousel.scrollIntoViewIfNeeded()
      // Stop it, let a slide in progress finish: then exactly `visible` neighbouring logos show.
      await page.getByRole('button', { name: 'Pause logo slideshow' }).click()
      await expect
        .poll(async () => {
          const logos = await visibleLogos(carousel)
          const first = logoNumber(logos[0]!)
          const consecutive = logos.every((file, i) => file === logoFile(((first - 1 + i) % 20) + 1))
          return consecutive ? logos.length : -1
        })
        .toBe(visible)
    })
  }

  test('insurance carousel advances every 3000 ms and loops forever', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    const play = await carouselOnOwnClock(page)
    const carousel = page.getByRole('region', { name: 'Insurance partners' })
    const first = logoNumber((await visibleLogos(carousel))[0]!)
    await play()

    // Not before 3000 ms…
    const atStart = await visibleLogos(carousel)
    await page.clock.runFor(2_900)
    await expectStill(carousel, atStart)
    expect(atStart[0]).toBe(logoFile(first))

    // …then one logo per 3000 ms, past the 20th and round again.
    for (let step = 1; step <= 22; step++) {
      await page.clock.runFor(step === 1 ? 100 : 3_000)
      const expected = logoFile(((first - 1 + step) % 20) + 1)
      await expect.poll(() => visibleLogos(carousel).then((l) => l[0]), { message: `after step ${step}` }).toBe(expected)
      await expect.poll(() => visibleLogos(carousel).then((l) => l.length)).toBe(8)
    }
  })

  test('the pause button stops the carousel and play starts it again', async ({ page }) => {
    const play = await carouselOnOwnClock(page)
    const carousel = page.getByRole('region', { name: 'Insurance partners' })
    const paused = await visibleLogos(carousel)
    await page.clock.runFor(9_000)
    await expectStill(carousel, paused)
    await play()
    await page.clock.runFor(3_000)
    await expect.poll(() => visibleLogos(carousel).then((l) => l[0])).toBe(logoFile((logoNumber(paused[0]!) % 20) + 1))
    await page.getByRole('button', { name: 'Pause logo slideshow' }).click()
    await untilNoSlideUnderWay(carousel)
    const stopped = await visibleLogos(carousel)
    await page.clock.runFor(9_000)
    await expectStill(carousel, stopped)
  })

  test('brands: four cards with taglines; Unitron is Coming Soon and disabled; Shop links and Shop All', async ({
    page,
  }) => {
    await page.goto('/')
    const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: /Brands/ }) })
    const cards = section.getByRole('article')
    await expect(cards).toHaveCount(4)
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(['Phonak', 'Signia', 'Oticon', 'Unitron'])

    for (const brand of ['Phonak', 'Signia', 'Oticon']) {
      const card = section.getByRole('article', { name: brand })
      await expect(card.locator('p').first()).not.toBeEmpty()
      await expect(card).not.toContainText('Coming Soon')
      await expect(card.getByRole('link', { name: `Shop ${brand}` })).toHaveAttribute(
        'href',
        `/products#${brand.toLowerCase()}`,
      )
    }

    const unitron = section.getByRole('article', { name: 'Unitron' })
    await expect(unitron).toContainText('Coming Soon')
    await expect(unitron.getByRole('link')).toHaveCount(0)
    await expect(unitron.getByRole('button', { name: 'Shop Unitron' })).toBeDisabled()

    await expect(section.getByRole('link', { name: 'Shop All' })).toHaveAttribute('href', '/products')
    await section.getByRole('link', { name: 'Shop Phonak' }).click()
    await expect(page).toHaveURL(/\/products#phonak$/)
  })

  test('services: four groups with feature lists and Schedule Free Consultation', async ({ page }) => {
    await page.goto('/')
    const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: /Services/ }) })
    const groups = section.getByRole('article')
    await expect(groups).toHaveCount(4)
    await expect(section.getByRole('heading', { level: 3 })).toHaveText([
      /Evaluation/,
      /Fitting & Programming/,
      /Repair & Maintenance/,
      /Follow-up Care/,
    ])
    for (let i = 0; i < 4; i++) {
      expect(await groups.nth(i).getByRole('listitem').count()).toBeGreaterThanOrEqual(3)
    }
    const cta = section.getByRole('link', { name: 'Schedule Free Consultation' })
    await expect(cta).toHaveAttribute('href', '/book-appointment')
    await cta.click()
    await expect(page).toHaveURL(/\/book-appointment$/)
    await expect.poll(() => scrollY(page)).toBe(0)
  })

  test('sections appear in the spec order, reviews last', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Most Insurance Plans Accepted' })).toBeVisible()
    const headings = await page.locator('main h2').allTextContents()
    const at = (pattern: RegExp) => headings.findIndex((h) => pattern.test(h))
    expect(at(/Most Insurance Plans Accepted/)).toBeGreaterThanOrEqual(0)
    expect(at(/Most Insurance Plans Accepted/)).toBeLessThan(at(/Brands/))
    expect(at(/Brands/)).toBeLessThan(at(/Services/))
    expect(at(/Services/)).toBeLessThan(headings.length - 1)
  })
})

// ---------------------------------------------------------------------------------------------
// About
// ---------------------------------------------------------------------------------------------

test.describe('About', () => {
  test('hero, our story with a captioned video and transcript, and our values', async ({ page }) => {
    await page.goto('/about-us')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^About /)
    const story = page.locator('section', { has: page.getByRole('heading', { name: 'Our Story' }) })
    await expect(story).toContainText('2021')
    await expect(story).toContainText('Best of Gainesville 2021-2025')
    const video = story.locator('video')
    await expect(video).toBeVisible()
    expect(await video.evaluate((v: HTMLVideoElement) => v.controls && v.paused && !v.autoplay)).toBe(true)
    const track = video.locator('track[kind="captions"]')
    await expect(track).toHaveAttribute('srclang', 'en')
    const vtt = await page.request.get((await track.getAttribute('src'))!)
    expect(vtt.status()).toBe(200)
    expect(await vtt.text()).toMatch(/^WEBVTT/)
    await story.getByText('Read the video transcript').click()
    await expect(story.locator('details p').first()).toBeVisible()

    const values = page.locator('section', { has: page.getByRole('heading', { name: 'Our Values' }) })
    await expect(values.getByRole('heading', { level: 3 })).toHaveText(['Compassion', 'Excellence', 'Community'])
  })

  test('Meet Our Team: four members; each full bio opens in a dialog that traps focus and gives it back', async ({
    page,
  }) => {
    await page.goto('/about-us')
    const team = page.locator('section', { has: page.getByRole('heading', { name: 'Meet Our Team' }) })
    await expect(team.getByRole('heading', { level: 3 })).toHaveCount(4)
    const names = await team.getByRole('heading', { level: 3 }).allTextContents()
    expect(names).toHaveLength(4)

    for (const [index, name] of names.entries()) {
      const trigger = team.getByRole('button', { name: `Read Full Bio of ${name}` })
      await trigger.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name })
      await expect(dialog).toBeVisible()
      expect(await dialog.locator('p').count()).toBeGreaterThanOrEqual(2)
      await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
      // Focus is trapped: tabbing forwards and backwards never leaves the dialog.
      for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
        await page.keyboard.press(key)
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
      }
      // The rest of the page is out of reach meanwhile.
      await expect(page.getByRole('heading', { name: 'Meet Our Team' })).toBeHidden()

      if (index % 2 === 0) {
        await page.keyboard.press('Escape')
      } else {
        await dialog.getByRole('button', { name: 'Close', exact: true }).first().focus()
        await page.keyboard.press('Enter')
      }
      await expect(dialog).toBeHidden()
      await expect(trigger).toBeFocused()
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------------------------

test.describe('Locations', () => {
  test('two office cards with address, phone, hours, map, Schedule Appointment and Get Directions', async ({ page }) => {
    await page.goto('/locations')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Locations')
    const offices = page.getByRole('region', { name: 'Offices' }).getByRole('article')
    await expect(offices).toHaveCount(2)

    for (const [i, town] of ['Gainesville', 'Dawsonville'].entries()) {
      const card = offices.nth(i)
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(new RegExp(`^${town}`))
      await expect(card.locator('address')).toContainText(`${town}, GA`)

      const phone = card.getByRole('link', { name: /^\(\d{3}\) 555-01\d\d$/ })
      const phoneText = (await phone.textContent())!
      await expect(phone).toHaveAttribute('href', `tel:+1${phoneText.replace(/\D/g, '')}`)

      await expect(card).toContainText('Monday-Thursday')
      await expect(card).toContainText('9:00 AM-4:00 PM')
      await expect(card).toContainText('Friday')
      await expect(card).toContainText('9:00 AM-1:00 PM')
      await expect(card).toContainText('Closed')

      const map = card.locator('iframe')
      await expect(map).toHaveAttribute('title', new RegExp(town))
      await expect(map).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps.*output=embed/)

      const schedule = card.getByRole('link', { name: 'Schedule Appointment' })
      await expect(schedule).toHaveAttribute('href', `/book-appointment?location=${town}`)

      const directions = card.getByRole('link', { name: /^Get Directions/ })
      await expect(directions).toHaveAttribute('target', '_blank')
      await expect(directions).toHaveAttribute('rel', /\bnoopener\b/)
      await expect(directions).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//)
      await expect(card).not.toContainText('Coming Soon')
    }

    await offices.nth(1).getByRole('link', { name: 'Schedule Appointment' }).click()
    await expect(page).toHaveURL(/\/book-appointment\?location=Dawsonville$/)
  })

  test('achievements, providers and a call to action with phone links', async ({ page }) => {
    await page.goto('/locations')
    const achievements = page.locator('section', { has: page.getByRole('heading', { name: 'Our Achievements' }) })
    for (const claim of ['Best of Gainesville', '2021-2025', '4.9/5', '15,000+', '20+']) {
      await expect(achievements).toContainText(claim)
    }
    const providers = page.locator('section', { has: page.getByRole('heading', { name: 'Our Providers' }) })
    expect(await providers.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(1)

    const cta = page.locator('section', { has: page.getByRole('heading', { level: 2, name: /Ready/ }) })
    const calls = cta.getByRole('link', { name: /^Call / })
    await expect(calls).toHaveCount(2)
    for (const link of await calls.all()) {
      const digits = (await link.textContent())!.replace(/^Call [^:]+:/, '').replace(/\D/g, '')
      await expect(link).toHaveAttribute('href', `tel:+1${digits}`)
    }
  })
})

// ---------------------------------------------------------------------------------------------
// /cognivue
// ---------------------------------------------------------------------------------------------

test.describe('Cognitive health (/cognivue)', () => {
  test('hero, autoplaying muted looping promo video, eight tips with the spec facts', async ({ page }) => {
    await page.goto('/cognivue')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enhance Your Memory Health')
    await expect(page.locator('main')).toContainText(/memory loss and cognitive decline/)
    await expect(page.locator('main img').first()).toBeVisible()

    const video = page.locator('main video')
    expect(await video.evaluate((v: HTMLVideoElement) => ({ loop: v.loop, muted: v.muted, controls: v.controls }))).toEqual({
      loop: true,
      muted: true,
      controls: true,
    })
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true)

    const tips = page.locator('section', { has: page.getByRole('heading', { level: 2, name: /Tips/ }) })
    await expect(tips.getByRole('heading', { level: 3 })).toHaveText([
      'Eat Healthy',
      'Exercise Regularly',
      'Healthy Hearing',
      'Maintain Connections',
      'Medication Management',
      'Optimal Vision',
      'Sleep & Relax',
      'Stay Mentally Fit',
    ])
    await expect(tips).toContainText('at least 150 minutes of moderate aerobic exercise per week')
    await expect(tips).toContainText('7 to 9 hours of sleep a night')
  })

  test('the promo video does not start by itself when reduced motion is asked for', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const mediaCalls = await recordMediaCalls(page)
    await page.goto('/cognivue')
    const video = page.locator('main video')
    await expect(video).toBeVisible()
    await expect.poll(mediaCalls, { message: 'the page has told the video what to do' }).not.toEqual([])
    expect(await mediaCalls(), 'not even started for a moment').not.toContain('play')
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
  })

  test('"Learn More" opens /book-appointment in a new tab and records the "book" event', async ({ page, context }) => {
    await page.goto('/cognivue')
    const learnMore = page.getByRole('link', { name: /^Learn More/ })
    await expect(learnMore).toHaveAttribute('href', '/book-appointment')
    await expect(learnMore).toHaveAttribute('target', '_blank')
    await expect(learnMore).toHaveAttribute('rel', /\bnoopener\b/)

    const event = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        new URL(request.url()).pathname === '/api/content/events' &&
        (request.postDataJSON() as { type?: string }).type === 'event',
    )
    const [popup] = await Promise.all([context.waitForEvent('page'), learnMore.click()])
    await popup.waitForLoadState()
    expect(new URL(popup.url()).pathname).toBe('/book-appointment')
    expect((await event).postDataJSON()).toEqual({ type: 'event', name: 'book', path: '/cognivue' })
    expect(page.url()).toMatch(/\/cognivue$/)
    const response = await (await event).response()
    expect(response?.status()).toBeLessThan(300)
  })

  // The headless shell has no PDF viewer: the full browser shows the frame as a patient's would.
  test('the rack card "Protect Your Hearing, Protect Your Mind" is shown in a PDF viewer', { tag: '@full-browser' }, async ({ page }) => {
    await page.goto('/cognivue')
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: 'Protect Your Hearing, Protect Your Mind' }),
    })
    const viewer = section.locator('iframe')
    await expect(viewer).toHaveAttribute('src', /^\/files\/Audiology_rack_card\.pdf/)
    await expect(viewer).toHaveAttribute('title', /Protect Your Hearing, Protect Your Mind/)

    const pdf = await page.request.get('/files/Audiology_rack_card.pdf')
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toContain('application/pdf')

    // The browser really shows it: the frame is not replaced by an error page (e.g. a framing
    // policy that forbids it), it holds the PDF.
    await viewer.scrollIntoViewIfNeeded()
    const frame = await (await viewer.elementHandle())!.contentFrame()
    await expect.poll(() => frame?.url()).toMatch(/\/files\/Audiology_rack_card\.pdf/)

    // A text version for anyone who cannot use the viewer.
    await section.getByText('What the card says').click()
    await expect(section.locator('details p').first()).toBeVisible()
  })

  test('"Download PDF" saves the rack card as audiology_rack_card.pdf', async ({ page }) => {
    await page.goto('/cognivue')
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download PDF' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('audiology_rack_card.pdf')
    const bytes = await readFile((await file.path())!)
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })
})

// ---------------------------------------------------------------------------------------------
// Every page: accessibility and layout
// ---------------------------------------------------------------------------------------------

for (const { path, h1 } of PAGES) {
  test(`${path}: fits every width from 320 to 1920 px, text at least 16 px`, async ({ page }) => {
    for (const width of [320, 390, 768, 1366, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0)
      // Generous text for older readers: body copy never under 16 px.
      const smallest = await page.evaluate(() => {
        let min = Infinity
        for (const el of document.querySelectorAll<HTMLElement>('main p, main li, main a, main button, main dd')) {
          if (!el.offsetParent || !el.textContent?.trim()) continue
          min = Math.min(min, parseFloat(getComputedStyle(el).fontSize))
        }
        return min
      })
      expect(smallest, `smallest text at ${width} px`).toBeGreaterThanOrEqual(16)
      // For a person to look at (SCREENSHOTS_DIR), not compared with anything.
      if (process.env.SCREENSHOTS_DIR && width !== 320) {
        await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${path === '/' ? 'home' : path.slice(1)}-${width}.png`, fullPage: true })
      }
    }
  })
}

// ---------------------------------------------------------------------------------------------

/**
 * Until no slide is under way: a slide is the track's 600 ms CSS transition, which runs on the
 * page's real time, not on its clock (page.clock). getAnimations() brings the styles up to date
 * first, so a slide that a moment ago's state change started counts as under way.
 */
async function untilNoSlideUnderWay(carousel: Locator) {
  const running = () => carousel.evaluate((region) => region.querySelector('ul')!.getAnimations().filter((a) => a.playState === 'running').length)
  await expect.poll(running, { message: 'the slide under way ends' }).toBe(0)
}

/** The carousel has not moved since it showed `logos`: once no slide is under way, the same logos show. */
async function expectStill(carousel: Locator, logos: string[]) {
  await untilNoSlideUnderWay(carousel)
  expect(await visibleLogos(carousel)).toEqual(logos)
}

/** Notes each play() and pause() the page says to a video from its first script on; returns the list so far. */
async function recordMediaCalls(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const calls: string[] = ((window as unknown as { mediaCalls: string[] }).mediaCalls = [])
    const { play, pause } = HTMLMediaElement.prototype
    HTMLMediaElement.prototype.play = function () {
      calls.push('play')
      return play.call(this)
    }
    HTMLMediaElement.prototype.pause = function () {
      calls.push('pause')
      return pause.call(this)
    }
  })
  return () => page.evaluate(() => (window as unknown as { mediaCalls: string[] }).mediaCalls)
}

/** The logo file names (insurer-01.svg …) fully inside the carousel's visible window, left to right. */
function visibleLogos(carousel: Locator): Promise<string[]> {
  return carousel.evaluate((region) => {
    const track = region.querySelector('ul')!
    const frame = track.parentElement!.getBoundingClientRect()
    return [...track.querySelectorAll('li')]
      .map((li) => ({ rect: li.getBoundingClientRect(), src: li.querySelector('img')!.getAttribute('src')! }))
      .filter(({ rect }) => rect.left >= frame.left - 1 && rect.right <= frame.right + 1)
      .sort((a, b) => a.rect.left - b.rect.left)
      .map(({ src }) => src.split('/').pop()!)
  })
}

/**
 * Opens the home page with the carousel paused and the page's clock stopped: from then on time
 * only moves when the test says so (page.clock.runFor). Returns a function that presses Play, which
 * starts the carousel's 3000 ms beat at that moment.
 */
async function carouselOnOwnClock(page: Page): Promise<() => Promise<void>> {
  const start = new Date('2026-03-02T10:00:00Z').getTime()
  // The clock runs normally while the page loads (its scripts need timers), then stops.
  await page.clock.install({ time: start })
  await page.goto('/')
  const carousel = page.getByRole('region', { name: 'Insurance partners' })
  await carousel.scrollIntoViewIfNeeded()
  await page.getByRole('button', { name: 'Pause logo slideshow' }).click()
  await page.clock.pauseAt(start + 10 * 60_000)
  await untilNoSlideUnderWay(carousel)
  return async () => {
    await page.getByRole('button', { name: 'Play logo slideshow' }).click()
  }
}

/** 7 for "insurer-07.svg". */
const logoNumber = (file: string) => Number(/insurer-(\d+)\.svg$/.exec(file)![1])

/** File name of the Nth logo (1-based), as web/src/content/media.ts names them. */
const logoFile = (n: number) => `insurer-${String(n).padStart(2, '0')}.svg`
