import type { Page, Request } from '@playwright/test'

import { DESKTOP_AND_PHONE, expectNoAxeViolations as scan, WCAG_AA, withCookieChoice } from './support/axe.js'
import { runPageClock } from './support/clock.js'
import { expect, test } from './support/hydrated.js'
import { waitForFocusInside } from './support/layout.js'

/**
 * The site frame every page sits in (SPEC §2 "Header and footer", §4 "Cookie notice", §9), the
 * legal and confirmation pages, first-party analytics and accessibility of all of it.
 */

const CLINIC_PHONES = [
  { town: 'Gainesville', display: '(770) 555-0142', href: 'tel:+17705550142' },
  { town: 'Dawsonville', display: '(706) 555-0187', href: 'tel:+17065550187' },
]

const storedConsent = (page: Page) => page.evaluate(() => window.localStorage.getItem('cookie-consent'))

/** The notice's own code (a chunk loaded when it first shows) as the page asks for it from now on. */
function noticeCodeRequests(page: Page): string[] {
  const asked: string[] = []
  page.on('request', (request) => {
    if (/\/cookie-notice-panel-[^/]*\.js$/.test(new URL(request.url()).pathname)) asked.push(request.url())
  })
  return asked
}

/** WCAG 2.1 AA and axe's best practices; third-party map frames (no network in tests) are not ours to audit. */
const expectNoAxeViolations = (page: Page, what: string) =>
  scan(page, what, { tags: [...WCAG_AA, 'best-practice'], exclude: 'iframe[src^="https://www.google.com/"]' })

// ---------------------------------------------------------------------------------------------
// Header
// ---------------------------------------------------------------------------------------------

test.describe('header (desktop)', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('shows both clinics’ phone numbers as tel: links and the site navigation', async ({ page }) => {
    await withCookieChoice(page)
    await page.goto('/privacy-policy')
    const header = page.getByRole('banner')

    for (const phone of CLINIC_PHONES) {
      const link = header.getByRole('link', { name: `${phone.town} ${phone.display}` })
      await expect(link).toBeVisible()
      await expect(link).toHaveAttribute('href', phone.href)
    }

    const nav = header.getByRole('navigation', { name: 'Main' })
    for (const [name, href] of [
      ['Home', '/'],
      ['Hearing Aids', '/products'],
      ['Locations', '/locations'],
      ['About Us', '/about-us'],
      ['Contact Us', '/contact-us'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(nav.getByRole('button', { name: 'Discover' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Book Appointment' })).toHaveAttribute('href', '/book-appointment')
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth')
    // The mobile menu button is not offered where the full navigation fits.
    await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden()

    await header.getByRole('link', { name: 'Home', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page')
  })

  test('the Discover menu works with the keyboard alone', async ({ page }) => {
    await withCookieChoice(page)
    await page.goto('/privacy-policy')
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
    const discover = nav.getByRole('button', { name: 'Discover' })
    const cognitive = nav.getByRole('link', { name: /Cognitive Health/ })

    await expect(discover).toHaveAttribute('aria-expanded', 'false')
    await expect(cognitive).toBeHidden()

    // Tab to it from the link before it, open with Enter.
    await nav.getByRole('link', { name: 'Hearing Aids' }).focus()
    await page.keyboard.press('Tab')
    await expect(discover).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(discover).toHaveAttribute('aria-expanded', 'true')
    await expect(cognitive).toHaveAttribute('href', '/cognivue')
    await expect(nav.getByRole('link', { name: /^Resources/ })).toHaveAttribute('href', '/resources?type=resources')
    await expect(nav.getByRole('link', { name: /^Clinical Studies/ })).toHaveAttribute('href', '/resources?type=clinical-studies')

    // Tab moves into the links; Escape closes and puts focus back on the button.
    await page.keyboard.press('Tab')
    await expect(cognitive).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(discover).toHaveAttribute('aria-expanded', 'false')
    await expect(discover).toBeFocused()
    await expect(cognitive).toBeHidden()

    // Arrow keys: Down opens and focuses the first link, then the next one.
    await page.keyboard.press('ArrowDown')
    await expect(cognitive).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(nav.getByRole('link', { name: /^Resources/ })).toBeFocused()

    // Enter follows the link and the menu closes.
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/resources\?type=resources$/)
    await expect(discover).toHaveAttribute('aria-expanded', 'false')
    // The new page takes focus (its heading) once it has loaded.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused()

    // Tabbing past the last link closes it too.
    await discover.focus()
    await page.keyboard.press('Enter')
    // Four links (Cognitive Health, Resources, Clinical Studies, Hearing Self-Check), then Locations.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
    await expect(discover).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Locations' })).toBeFocused()
  })

  test('the header bar stays in view and changes its look once the page is scrolled past 300 px', async ({ page }) => {
    await withCookieChoice(page)
    await page.goto('/privacy-policy')
    const header = page.getByRole('banner')
    const bar = header.locator('[data-header-bar]')
    const shadow = () => bar.evaluate((el) => getComputedStyle(el).boxShadow)

    await expect(header).toHaveAttribute('data-scrolled', 'false')
    const flat = await shadow()
    expect(flat).toBe('none')

    // The header reads the scroll position once per frame: two frames after the scroll, it has.
    await page.evaluate(() => new Promise((done) => {
      window.scrollTo(0, 250)
      requestAnimationFrame(() => requestAnimationFrame(done))
    }))
    expect(await page.evaluate(() => window.scrollY)).toBe(250)
    await expect(header).toHaveAttribute('data-scrolled', 'false')

    await page.evaluate(() => window.scrollTo(0, 400))
    await expect(header).toHaveAttribute('data-scrolled', 'true')
    await expect.poll(shadow).not.toBe('none')
    // Still on screen: the navigation and the call to action are reachable while reading.
    await expect(header.getByRole('link', { name: 'Book Appointment' })).toBeInViewport()
    const top = await bar.evaluate((el) => el.getBoundingClientRect().top)
    expect(Math.abs(top)).toBeLessThan(1)

    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(header).toHaveAttribute('data-scrolled', 'false')
  })
})

test.describe('mobile menu (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('opens as a dialog, keeps focus inside, closes with Escape and returns focus', async ({ page }) => {
    await withCookieChoice(page)
    await page.goto('/privacy-policy')
    const header = page.getByRole('banner')
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden()

    const menuButton = header.getByRole('button', { name: 'Menu' })
    await menuButton.focus()
    await page.keyboard.press('Enter')

    const dialog = page.getByRole('dialog', { name: 'Menu' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('navigation', { name: 'Main' })).toBeVisible()
    for (const [name, href] of [
      ['Home', '/'],
      ['Hearing Aids', '/products'],
      ['Cognitive Health', '/cognivue'],
      ['Resources', '/resources?type=resources'],
      ['Clinical Studies', '/resources?type=clinical-studies'],
      ['Hearing Self-Check', '/hearing-self-check'],
      ['Locations', '/locations'],
      ['About Us', '/about-us'],
      ['Contact Us', '/contact-us'],
      ['Book Appointment', '/book-appointment'],
      ['Sign In', '/auth'],
    ] as const) {
      await expect(dialog.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    for (const phone of CLINIC_PHONES) {
      await expect(dialog.getByRole('link', { name: `${phone.town} ${phone.display}` })).toHaveAttribute('href', phone.href)
    }

    // Focus is inside and stays inside, however far the visitor tabs (both directions).
    const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))
    await waitForFocusInside(dialog)
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab')
      expect(await focusInDialog(), `focus after ${i + 1} Tab presses`).toBe(true)
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusInDialog()).toBe(true)
    }

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(menuButton).toBeFocused()

    // The close button closes it too; following a link navigates and closes it.
    await menuButton.click()
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(dialog).toBeHidden()
    await expect(menuButton).toBeFocused()

    await menuButton.click()
    await dialog.getByRole('link', { name: 'About Us' }).click()
    await expect(page).toHaveURL(/\/about-us$/)
    await expect(dialog).toBeHidden()
  })
})

// ---------------------------------------------------------------------------------------------
// Footer
// ---------------------------------------------------------------------------------------------

test('the footer gives contact details, quick links, both addresses, opening hours and legal links', async ({ page }) => {
  await withCookieChoice(page)
  await page.goto('/terms-of-service')
  const footer = page.getByRole('contentinfo')

  for (const phone of CLINIC_PHONES) {
    await expect(footer.getByRole('link', { name: `${phone.town}: ${phone.display}` })).toHaveAttribute('href', phone.href)
  }
  await expect(footer.getByRole('link', { name: 'care@example.com' })).toHaveAttribute('href', 'mailto:care@example.com')

  await expect(footer).toContainText('Gainesville Office')
  await expect(footer).toContainText('100 Example Street, Suite 110')
  await expect(footer).toContainText('Gainesville, GA 30501')
  await expect(footer).toContainText('Dawsonville Office')
  await expect(footer).toContainText('200 Example Road, Suite 5')
  await expect(footer).toContainText('Dawsonville, GA 30534')

  const hours = footer.locator('dl')
  await expect(hours.locator('div')).toHaveText([
    /Monday-Thursday\s*9:00 AM-4:00 PM/,
    /Friday\s*9:00 AM-1:00 PM/,
    /Saturday-Sunday\s*Closed/,
  ])

  const quick = footer.getByRole('navigation', { name: 'Quick Links' })
  for (const [name, href] of [
    ['Hearing Aids', '/products'],
    ['Book Appointment', '/book-appointment'],
    ['Locations', '/locations'],
    ['About Us', '/about-us'],
    ['Contact Us', '/contact-us'],
  ] as const) {
    await expect(quick.getByRole('link', { name })).toHaveAttribute('href', href)
  }

  const legal = footer.getByRole('navigation', { name: 'Legal' })
  for (const [name, href] of [
    ['Privacy Policy', '/privacy-policy'],
    ['Return Policy', '/return-policy'],
    ['Terms of Service', '/terms-of-service'],
    ['Accessibility', '/accessibility'],
  ] as const) {
    await expect(legal.getByRole('link', { name })).toHaveAttribute('href', href)
  }
  await legal.getByRole('link', { name: 'Return Policy' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return Policy')
})

// ---------------------------------------------------------------------------------------------
// Cookie notice
// ---------------------------------------------------------------------------------------------

test.describe('cookie notice', () => {
  const notice = (page: Page) => page.getByRole('region', { name: 'Cookies on this website' })

  test('appears 2 seconds after load when no choice is stored, not before', async ({ page }) => {
    // Note when the notice enters the page, in ms since the navigation started. Only that figure
    // decides "not before": a wall-clock wait in the test would fail whenever the machine is busy.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="cookie-notice"]')) {
          ;(window as unknown as { noticeShownAt: number }).noticeShownAt = performance.now()
          observer.disconnect()
        }
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto('/privacy-policy')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
    await expect(notice(page)).toBeVisible({ timeout: 10_000 })
    const shownAt = await page.evaluate(() => (window as unknown as { noticeShownAt: number }).noticeShownAt)
    expect(shownAt).toBeGreaterThanOrEqual(2_000)
    await expect(notice(page).getByRole('link', { name: 'Read our Privacy Policy' })).toHaveAttribute('href', '/privacy-policy#cookies')
  })

  test('Accept stores "accepted", hides it, and it is not shown again', async ({ page }) => {
    await page.clock.install()
    await page.goto('/privacy-policy')
    await notice(page).getByRole('button', { name: 'Accept' }).click()
    await expect(notice(page)).toBeHidden()
    expect(await storedConsent(page)).toBe('accepted')

    const asked = noticeCodeRequests(page)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
    await runPageClock(page, 3_000) // the notice comes 2 s in
    expect(asked, 'the notice was not even loaded').toEqual([])
    await expect(notice(page)).toBeHidden()
  })

  test('Decline stores "declined", hides it, and it is not shown again', async ({ page }) => {
    await page.clock.install()
    await page.goto('/terms-of-service')
    await notice(page).getByRole('button', { name: 'Decline' }).click()
    await expect(notice(page)).toBeHidden()
    expect(await storedConsent(page)).toBe('declined')

    const asked = noticeCodeRequests(page)
    await page.goto('/accessibility')
    await runPageClock(page, 3_000) // the notice comes 2 s in
    expect(asked, 'the notice was not even loaded').toEqual([])
    await expect(notice(page)).toBeHidden()
  })

  test('the close button hides it without storing a choice, so it comes back next time', async ({ page }) => {
    await page.goto('/return-policy')
    await notice(page).getByRole('button', { name: 'Close cookie notice' }).click()
    await expect(notice(page)).toBeHidden()
    expect(await storedConsent(page)).toBeNull()

    await page.reload()
    await expect(notice(page)).toBeVisible()
  })

  test('"Cookie Preferences" in the footer brings it back to change the choice', async ({ page }) => {
    await withCookieChoice(page, 'accepted')
    await page.goto('/accessibility')
    const preferences = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Preferences' })
    await preferences.click()
    await expect(notice(page)).toBeVisible()
    await notice(page).getByRole('button', { name: 'Decline' }).click()
    await expect(notice(page)).toBeHidden()
    expect(await storedConsent(page)).toBe('declined')
    await expect(preferences).toBeFocused()
  })

  test('a toast shows above it, and down at the bottom again once it is closed', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/products/phonak-audeo-lumity-70')
    await expect(notice(page)).toBeVisible()
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Added to Cart' })
    await expect(toast).toBeVisible()
    const noticeTop = (await notice(page).boundingBox())!.y
    await expect.poll(async () => { const box = (await toast.boundingBox())!; return box.y + box.height }, { message: 'the toast ends above the notice' }).toBeLessThanOrEqual(noticeTop)

    await notice(page).getByRole('button', { name: 'Close cookie notice' }).click()
    await expect(notice(page)).toBeHidden()
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect.poll(async () => { const box = (await toast.first().boundingBox())!; return box.y + box.height }, { message: 'the toast is back at the bottom' }).toBeGreaterThan(noticeTop)
  })

  test('has no accessibility violations while shown, at 1366 and 390 px', async ({ page }) => {
    for (const viewport of DESKTOP_AND_PHONE) {
      await page.setViewportSize(viewport)
      await page.goto('/message-success')
      await expect(notice(page)).toBeVisible()
      await expectNoAxeViolations(page, `the cookie notice at ${viewport.width}px`)
    }
  })

  // The notice renders in the browser only, next to the pre-rendered page: an id the browser counts
  // afresh must not repeat one of the server's, or the notice loses its name.
  test('ids stay unique while it is shown, on pre-rendered pages, at 1366 and 390 px', async ({ page }) => {
    for (const viewport of DESKTOP_AND_PHONE) {
      await page.setViewportSize(viewport)
      for (const path of ['/', '/products', '/book-appointment', '/message-success']) {
        await page.goto(path)
        await expect(notice(page), `${path} at ${viewport.width}px`).toBeVisible()
        const repeated = await page.evaluate(() => {
          const ids = [...document.querySelectorAll('[id]')].map((element) => element.id)
          return ids.filter((id, index) => ids.indexOf(id) !== index)
        })
        expect(repeated, `ids used twice on ${path} at ${viewport.width}px`).toEqual([])
      }
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Legal pages (every fact of SPEC §9)
// ---------------------------------------------------------------------------------------------

const LEGAL_PAGES = [
  {
    path: '/return-policy',
    h1: 'Return Policy',
    facts: [
      'within 30 days from the date of delivery',
      'Returns are by appointment only',
      'the original packaging',
      'all accessories',
      'a copy of the original bill of sale',
      'A $175 restocking fee',
      'refunds may take 3-6 weeks',
      '3 years of coverage for manufacturer defects',
      '3 years of coverage for loss, theft and damage: a one-time replacement per hearing aid, with a deductible',
      '3 years of service and maintenance',
      'Remote programming',
      '3 years of supplies',
      'Firmware updates',
      'In-home or in-office visits',
      'Follow-up care: 6 months of adjustments',
    ],
  },
  {
    path: '/terms-of-service',
    h1: 'Terms of Service',
    facts: ['18 years of age or older', 'All prices are in US dollars (USD)', 'governed by the laws of the State of Georgia'],
  },
  {
    path: '/accessibility',
    h1: 'Accessibility Statement',
    facts: ['(WCAG) 2.1, Level AA', 'We answer accessibility feedback within 2 business days'],
  },
  {
    path: '/privacy-policy',
    h1: 'Privacy Policy',
    facts: ['we will notify you within 7 business days', 'we record no page views or events from your browser'],
  },
]

for (const { path, h1, facts } of LEGAL_PAGES) {
  test(`${path} states every fact of SPEC §9 and how to reach us`, async ({ page }) => {
    await withCookieChoice(page)
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
    await expect(page).toHaveTitle(new RegExp(`^${h1} \\| `))
    const main = page.getByRole('main')
    for (const fact of facts) await expect(main).toContainText(fact)
    // Contact details at the end of every legal page.
    for (const phone of CLINIC_PHONES) {
      await expect(main.getByRole('link', { name: phone.display })).toHaveAttribute('href', phone.href)
    }
    await expect(main.getByRole('link', { name: 'care@example.com' })).toBeVisible()
  })

  test(`${path}: "On this page" jumps to a section`, async ({ page }) => {
    await withCookieChoice(page)
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto(path)
    const contents = page.getByRole('navigation', { name: 'On this page' })
    const last = contents.getByRole('link').last()
    const heading = (await last.textContent())!
    await last.click()
    const target = page.getByRole('main').getByRole('heading', { level: 2, name: heading, exact: true })
    await expect(target).toBeInViewport()
    // Not hidden behind the sticky header.
    const headerBottom = await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom)
    const top = await target.evaluate((el) => el.getBoundingClientRect().top)
    expect(top).toBeGreaterThanOrEqual(headerBottom - 1)
  })
}

// ---------------------------------------------------------------------------------------------
// Confirmation pages
// ---------------------------------------------------------------------------------------------

test('/appointment-success confirms the request and links home and to book again', async ({ page }) => {
  await withCookieChoice(page)
  await page.goto('/appointment-success')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Appointment Request Sent')
  const main = page.getByRole('main')
  await expect(main).toContainText('pending until our staff verify')
  await expect(main.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  await expect(main.getByRole('link', { name: 'Book Another Appointment' })).toHaveAttribute('href', '/book-appointment')
})

test('/message-success promises a reply within 24-48 hours and links onwards', async ({ page }) => {
  await withCookieChoice(page)
  await page.goto('/message-success')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message Sent Successfully!')
  const main = page.getByRole('main')
  await expect(main).toContainText('Our team will get back to you within 24-48 hours.')
  await expect(main.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  await expect(main.getByRole('link', { name: 'Contact Us Again' })).toHaveAttribute('href', '/contact-us')
  await expect(main.getByRole('link', { name: 'Book an Appointment' })).toHaveAttribute('href', '/book-appointment')
  await main.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

// ---------------------------------------------------------------------------------------------
// Analytics
// ---------------------------------------------------------------------------------------------

/** Every analytics request the page sends. */
function recordEvents(page: Page) {
  const sent: Array<Record<string, unknown>> = []
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/content/events') {
      sent.push(request.postDataJSON() as Record<string, unknown>)
    }
  })
  return { sent }
}

/** Runs `action` and returns the page view it caused, once the content service has answered it. */
async function pageViewFrom(page: Page, path: string, action: () => Promise<unknown>) {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/content/events' &&
      (response.request().postDataJSON() as { path?: string } | null)?.path === path,
  )
  await action()
  const response = await answered
  return { status: response.status(), body: response.request().postDataJSON() as Record<string, unknown> }
}

test('a page view (route, path) reaches the content service on load and on every navigation', async ({ page }) => {
  await withCookieChoice(page, 'accepted')
  const { sent } = recordEvents(page)

  // The query string and fragment are never sent.
  expect(await pageViewFrom(page, '/privacy-policy', () => page.goto('/privacy-policy?from=test#cookies'))).toEqual({
    status: 202,
    body: { type: 'page_view', route: '/privacy-policy', path: '/privacy-policy' },
  })

  expect(
    await pageViewFrom(page, '/terms-of-service', () =>
      page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click(),
    ),
  ).toEqual({ status: 202, body: { type: 'page_view', route: '/terms-of-service', path: '/terms-of-service' } })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')

  expect(await pageViewFrom(page, '/no-such-page', () => page.goto('/no-such-page'))).toEqual({
    status: 202,
    body: { type: 'page_view', route: '*', path: '/no-such-page' },
  })

  // One view per page.
  expect(sent.filter((e) => e.path === '/terms-of-service')).toHaveLength(1)
})

test('nothing is recorded after the visitor declines cookies', async ({ page }) => {
  const { sent } = recordEvents(page)
  await page.clock.install()
  await page.goto('/accessibility')
  await expect.poll(() => sent.length).toBe(1)

  await page.getByRole('region', { name: 'Cookies on this website' }).getByRole('button', { name: 'Decline' }).click()
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
  await page.goto('/return-policy')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return Policy')
  // Past the moment the loaded page's view would have been sent (lib/when-page-idle: 2 s at most).
  await runPageClock(page, 3_000)
  expect(sent).toHaveLength(1)
})

// ---------------------------------------------------------------------------------------------
// The pages around the journeys, and the open menus' accessibility
// ---------------------------------------------------------------------------------------------

const FRAME_PAGES = [
  { path: '/privacy-policy', h1: 'Privacy Policy' },
  { path: '/return-policy', h1: 'Return Policy' },
  { path: '/terms-of-service', h1: 'Terms of Service' },
  { path: '/accessibility', h1: 'Accessibility Statement' },
  { path: '/appointment-success', h1: 'Appointment Request Sent' },
  { path: '/message-success', h1: 'Message Sent Successfully!' },
  { path: '/no-such-page', h1: 'Oops! Page not found' },
]

// Their axe scans at 1366 and 390 px and their widths: routes.spec.ts, with every other route.
test('the legal, confirmation and 404 pages have their headings', async ({ page }) => {
  for (const { path, h1 } of FRAME_PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(h1)
  }
})

test('open menus have no axe violations', async ({ page }) => {
  await withCookieChoice(page)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/privacy-policy')
  await page.getByRole('button', { name: 'Discover' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: /Cognitive Health/ })).toBeVisible()
  await expectNoAxeViolations(page, 'the open Discover menu')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  await expectNoAxeViolations(page, 'the open mobile menu')
})

test('header, legal page and footer fit every width from 320 to 1920 px', async ({ page }) => {
  await withCookieChoice(page)
  for (const width of [320, 390, 768, 1366, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/return-policy')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return Policy')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0)
    // Either the full navigation or the Menu button, never neither.
    const header = page.getByRole('banner')
    const menuButton = header.getByRole('button', { name: 'Menu' })
    const nav = header.getByRole('navigation', { name: 'Main' })
    expect((await menuButton.isVisible()) !== (await nav.isVisible()), `one way to navigate at ${width} px`).toBe(true)
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/return-policy-${width}.png`, fullPage: true })
  }
})
