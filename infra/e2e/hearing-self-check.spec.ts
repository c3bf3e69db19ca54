import type { Locator, Page } from '@playwright/test'

import { signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env.js'
import { expect, test } from './support/hydrated.js'
import { openWeekdays } from './support/open-days.js'
import { expectNoAxeViolations, WCAG_22_AA, withCookieChoice } from './support/axe.js'

/**
 * The hearing self-check (HHIE-S) through the whole stack: keyboard alone through the ten
 * questions (focus on each question, "Back" keeping the answers), the result with its band,
 * "Book a hearing evaluation" into a prefilled booking form, and staff seeing the score the
 * server computed with the request. Also: its head and its place in the sitemap, and the links
 * that lead to it.
 */

test.describe.configure({ timeout: 180_000 })

const PRACTICE = 'North Georgia Hearing Care'

const axe = (page: Page, what: string) => expectNoAxeViolations(page, what, { tags: WCAG_22_AA })

/** No cookie notice over the page (it would take focus from nothing, but covers the bottom of a phone). */

/** Presses Tab until `target` has focus (keyboard only, as a visitor would). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

// 4 + 2 + 4 + 0 + 2 + 0 + 2 + 2 + 2 + 0 = 18: mild to moderate.
const ANSWERS = ['Yes', 'Sometimes', 'Yes', 'No', 'Sometimes', 'No', 'Sometimes', 'Sometimes', 'Sometimes', 'No'] as const
/** Keys that choose an answer once Tab has brought focus into an unanswered group (on "Yes"). */
const KEYS: Record<(typeof ANSWERS)[number], string[]> = { Yes: ['Space'], Sometimes: ['ArrowDown'], No: ['ArrowDown', 'ArrowDown'] }

const questionForm = (page: Page) => page.locator('main form')
const question = (page: Page) => questionForm(page).getByRole('heading', { level: 2 })

/** Answers the question on screen with the keyboard and goes on with "Next question" / "See my result". */
async function answerWithKeyboard(page: Page, n: number, choice: (typeof ANSWERS)[number]) {
  const form = questionForm(page)
  await expect(form.getByText(`Question ${n} of 10`)).toBeVisible()
  await expect(question(page)).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(form.getByRole('radio', { name: 'Yes' })).toBeFocused()
  for (const key of KEYS[choice]) await page.keyboard.press(key)
  await expect(form.getByRole('radio', { name: choice })).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(form.getByRole('button', { name: n === 10 ? 'See my result' : 'Next question' })).toBeFocused()
  await page.keyboard.press('Enter')
}

test('keyboard alone through the ten questions, the result with its band, booking a hearing evaluation, and staff seeing the score', async ({ page, browser, request }) => {
  await withCookieChoice(page)
  const lastName = `Selfcheck${uniqueLetters()}`
  const [date] = await openWeekdays(request, 3)
  const shots = process.env.SCREENSHOTS_DIR

  await page.goto('/hearing-self-check')
  await expect(page.getByRole('heading', { level: 1, name: 'Hearing Self-Check' })).toBeVisible()
  await axe(page, 'question 1')
  if (shots) for (const width of [390, 1366]) await shot(page, width, `${shots}/hearing-self-check-question-${width}.png`)

  // "Next" without an answer: told what to do, and nothing moves on.
  const form = questionForm(page)
  await tabTo(page, form.getByRole('radio', { name: 'Yes' }))
  await page.keyboard.press('Tab')
  await expect(form.getByRole('button', { name: 'Next question' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose yes, sometimes or no to continue.' })).toBeVisible()
  await expect(form.getByText('Question 1 of 10')).toBeVisible()
  await axe(page, 'question 1 unanswered')

  // Back into the radios from the button: with none chosen, Shift+Tab lands on the group's last
  // one, "No" (React sets each radio's name to "" and back on every update, here the alert's, so
  // Chromium does not keep the one the visitor left). The arrows choose; "Yes", on to question 2.
  await page.keyboard.press('Shift+Tab')
  await expect(form.getByRole('radio', { name: 'No' })).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(form.getByRole('radio', { name: 'Sometimes' })).toBeChecked()
  await page.keyboard.press('ArrowDown')
  await expect(form.getByRole('radio', { name: 'No' })).toBeChecked()
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await expect(form.getByRole('radio', { name: 'Yes' })).toBeChecked()
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose' })).toHaveCount(0)
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')

  for (let n = 2; n <= 10; n++) {
    await answerWithKeyboard(page, n, ANSWERS[n - 1]!)
    if (n < 10) await expectNotUnderHeader(page, question(page))
    if (n === 4) {
      // "Back" from question 5 keeps the answers: question 4 shows "No" still chosen.
      await expect(question(page)).toBeFocused()
      await expect(form.getByText('Question 5 of 10')).toBeVisible()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      await expect(form.getByRole('button', { name: 'Back' })).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(form.getByText('Question 4 of 10')).toBeVisible()
      await expect(question(page)).toBeFocused()
      await expect(form.getByRole('radio', { name: 'No' })).toBeChecked()
      await page.keyboard.press('Tab')
      await expect(form.getByRole('radio', { name: 'No' })).toBeFocused()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
    }
    // Every question is the same form with other words: scanned once in the middle (with Back) and
    // at the last one (its "See my result" button), besides question 1 above.
    if (n === 4 || n === 9) await axe(page, `question ${n + 1}`)
  }

  // The result: focus on its heading, the score and band in the polite status region.
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Your result' })).toBeFocused()
  await expectNotUnderHeader(page, main.getByRole('heading', { name: 'Your result' }))
  const status = main.getByRole('status')
  await expect(status).toHaveAttribute('aria-live', 'polite')
  await expect(status).toContainText('18 out of 40 points')
  await expect(status).toContainText('A mild to moderate hearing handicap')
  await expect(main.locator('li[aria-current="true"]')).toHaveText('10 to 24 points: mild to moderate (your result)')
  await expect(main.getByText('It is not a diagnosis and it does not measure your hearing.')).toBeVisible()
  await axe(page, 'the result')
  if (shots) for (const width of [390, 1366]) await shot(page, width, `${shots}/hearing-self-check-result-${width}.png`)

  // "Book a hearing evaluation", by keyboard: the form knows the result.
  await tabTo(page, main.getByRole('link', { name: 'Book a hearing evaluation' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/book-appointment$/)
  const booking = page.getByRole('form', { name: 'Book an appointment' })
  await expect(booking.getByTestId('self-check-notice')).toContainText('Your hearing self-check (18 out of 40: mild to moderate) can go with this request')
  await expect(booking.getByRole('checkbox', { name: 'Send my self-check answers with this request' })).toBeChecked()
  await expect(booking.getByLabel('Notes (optional)')).toHaveValue('Hearing self-check: 18 / 40 — mild to moderate. I would like a hearing evaluation.')
  await booking.getByLabel('Location').selectOption({ label: 'Gainesville' })
  await expect(booking.getByLabel('Appointment type').locator('option:checked')).toHaveText('Hearing Evaluation (60 min)')
  await axe(page, '/book-appointment from the self-check')
  if (shots) for (const width of [390, 1366]) await shot(page, width, `${shots}/hearing-self-check-booking-${width}.png`)

  // A reload keeps it (history state), and the pre-rendered page hydrates without complaint.
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()))
  await page.reload()
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await expect(booking.getByTestId('self-check-notice')).toContainText('18 out of 40')
  expect(errors, 'no hydration errors').toEqual([])

  await booking.getByLabel('Location').selectOption({ label: 'Gainesville' })
  await expect(booking.getByLabel('Appointment type').locator('option:checked')).toHaveText('Hearing Evaluation (60 min)')
  await booking.getByLabel('Date').fill(date!)
  const time = booking.getByLabel('Time (Eastern Time)')
  await expect(time).toBeEnabled()
  await time.selectOption({ index: 2 })
  for (const [label, value] of [['First name', 'Irene'], ['Last name', lastName], ['Email', uniqueEmail('selfcheck')], ['Phone', '(770) 555-0139'], ['Address line 1', '3 Mill Street'], ['City', 'Gainesville'], ['State', 'GA'], ['ZIP code', '30501']] as const) {
    await booking.getByLabel(label).fill(value)
  }
  await booking.getByRole('button', { name: 'Book Appointment' }).click()
  await expect(page).toHaveURL(/\/appointment-success$/)

  // Staff see the score scheduling computed, and the answers on demand.
  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await signInWithForm(staff, ADMIN_EMAIL, ADMIN_PASSWORD)
  await staff.goto('/admin?tab=appointments')
  const item = staff.getByRole('listitem').filter({ hasText: `Hearing Evaluation · Irene ${lastName}` })
  await expect(item).toContainText('Hearing self-check: 18 / 40 — mild to moderate')
  await item.getByText('Self-check answers').click()
  await expect(item.getByText('Feelings (emotional): 10 / 20 · Situations (situational): 8 / 20')).toBeVisible()
  await expect(item.getByRole('listitem').filter({ hasText: 'Do you have trouble hearing when someone speaks in a whisper?' })).toContainText('Yes')
  await axe(staff, 'the Appointments tab with a self-check')
  await staffContext.close()
})

/** The focused heading is not hidden under the sticky header (WCAG 2.4.11) once the browser has scrolled to it. */
async function expectNotUnderHeader(page: Page, target: Locator) {
  const header = (await page.getByRole('banner').boundingBox())!
  const box = (await target.boundingBox())!
  expect(box.y, 'the heading starts below the sticky header').toBeGreaterThanOrEqual(header.y + header.height - 1)
}

/** A full-page screenshot at `width` px (looked at by hand; SCREENSHOTS_DIR). */
async function shot(page: Page, width: number, file: string) {
  await page.setViewportSize({ width, height: 900 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width}px`).toBeLessThanOrEqual(width)
  await page.screenshot({ path: file, fullPage: true })
}

test('its own head, its place in the sitemap, and the links from home, the Discover menu and the cognitive-health page', async ({ page, request }) => {
  const html = await (await request.get('/hearing-self-check')).text()
  expect(html).toContain(`<title>Hearing Self-Check | ${PRACTICE}</title>`)
  expect(html).toMatch(/<meta name="description" content="A free two-minute hearing self-check: ten questions about everyday listening/)
  expect(html).toContain('<meta name="robots" content="index, follow"')
  expect(html).toContain(`<link rel="canonical" href="${BASE_URL}/hearing-self-check"`)
  expect(html, 'pre-rendered: the first question is in the HTML').toContain('Does a hearing problem make you feel embarrassed when you meet new people?')

  const sitemap = await (await request.get('/sitemap-main.xml')).text()
  expect(sitemap).toContain(`<loc>${BASE_URL}/hearing-self-check</loc>`)

  await withCookieChoice(page)
  await page.goto('/')
  await page.getByRole('link', { name: 'Take the hearing self-check' }).click()
  await expect(page).toHaveURL(/\/hearing-self-check$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Hearing Self-Check' })).toBeFocused()

  await page.goto('/cognivue')
  await expect(page.getByRole('link', { name: 'Take the hearing self-check' })).toHaveAttribute('href', '/hearing-self-check')

  await page.setViewportSize({ width: 1366, height: 900 })
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
  await nav.getByRole('button', { name: 'Discover' }).click()
  await nav.getByRole('link', { name: /^Hearing Self-Check/ }).click()
  await expect(page).toHaveURL(/\/hearing-self-check$/)
})
