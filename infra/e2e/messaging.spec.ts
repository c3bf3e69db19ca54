import { expect, test, type Page } from '@playwright/test'

import { createPatient, postAsked, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env.js'
import { linkIn, waitForEmail } from './support/mailbox.js'
import { expectNoAxeViolations } from './support/axe.js'

/**
 * The contact form (SPEC §2 "Contact", §4, §8) and the staff inbox, through the whole stack with the
 * local messaging provider: a message a patient sends is committed, delivered, and read by staff.
 */

test.describe.configure({ timeout: 90_000 })

const axe = (page: Page, what: string) => expectNoAxeViolations(page, what)

async function openContactForm(page: Page) {
  await page.goto('/contact-us')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Contact us' })
  await expect(form.getByLabel('Preferred location').locator('option', { hasText: 'Gainesville' })).toHaveCount(1)
  return form
}

async function fillForm(page: Page, firstName: string, message: string) {
  const form = await openContactForm(page)
  await form.getByLabel('First name').fill(firstName)
  await form.getByLabel('Last name').fill('Whitfield')
  await form.getByLabel('Phone').fill('(770) 555-0142')
  await form.getByLabel('Preferred location').selectOption({ label: 'Dawsonville' })
  await form.getByLabel('Message').fill(message)
  return form
}

test('a visitor sends a message, lands on /message-success, and staff read it in the inbox', async ({ page, browser }) => {
  // A name is letters: the run's stamp spelled with letters only.
  const firstName = `Marjorie-${uniqueLetters()}`
  const text = 'My hearing aid whistles when I wear my glasses. Can someone call me?'
  const contactedUs: string[] = []
  page.on('request', (req) => {
    if (req.url().endsWith('/api/content/events') && req.postData()?.includes('Contacted-us')) contactedUs.push(req.url())
  })

  const form = await fillForm(page, firstName, text)
  // The cards: both clinics' phones and addresses, the support e-mail with its promise, the hours, the form's promise.
  await expect(page.getByText('We will get back to you within 24 hours.')).toBeVisible()
  await expect(page.getByText('We reply within 24-48 hours.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Hours', exact: true })).toBeVisible()
  await axe(page, '/contact-us filled in')

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page).toHaveURL(/\/message-success$/)
  await expect(page.getByRole('heading', { name: 'Message Sent Successfully!' })).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)

  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await signInWithForm(staff, ADMIN_EMAIL, ADMIN_PASSWORD)
  await staff.goto('/admin?tab=inbox')
  const item = staff.getByRole('listitem').filter({ hasText: firstName })
  await expect(item).toBeVisible()
  await expect(item).toContainText(`Hi ${firstName}, thank you for contacting North Georgia Hearing Care!`)
  await expect(item).toContainText(text)
  await expect(item).toContainText('Dawsonville')
  await expect(item).toContainText('+17705550142')
  await expect(item).toContainText(/Delivery: (Received here|Queued|Pending)/)
  await expect.poll(async () => (await staff.reload(), await item.textContent()), { timeout: 20_000 }).toContain('Received here')
  await item.getByRole('button', { name: /^Mark handled: message from/ }).click()
  await expect(item.getByRole('button', { name: /^Handled: message from/ })).toHaveAttribute('aria-pressed', 'true')
  for (const width of [1366, 390]) {
    await staff.setViewportSize({ width, height: 900 })
    await axe(staff, `inbox at ${width}px`)
    if (process.env.SCREENSHOTS_DIR) await staff.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/admin-inbox-${width}.png`, fullPage: true })
  }
  await staffContext.close()
  await expect.poll(() => contactedUs.length).toBeGreaterThan(0)
})

test('every field is required by the browser; nothing is sent while one is empty', async ({ page }) => {
  const sent: string[] = []
  page.on('request', (req) => {
    if (req.url().endsWith('/api/messaging/contact')) sent.push(req.url())
  })
  const form = await openContactForm(page)
  await form.getByRole('button', { name: 'Send Message' }).click()
  for (const label of ['First name', 'Last name', 'Phone', 'Preferred location', 'Message']) {
    await expect(form.getByLabel(label)).toHaveAttribute('required', '')
  }
  expect(await form.getByLabel('First name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true)
  await expect(page).toHaveURL(/\/contact-us$/)
  expect(sent).toEqual([])
})

test('a send failure shows the spec toast and keeps what was typed', async ({ page }) => {
  await page.route('**/api/messaging/contact', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"error":"Service Unavailable","message":"down"}' }))
  const form = await fillForm(page, 'Harold', 'Please call me back.')
  await form.getByRole('button', { name: 'Send Message' }).click()
  const toast = page.getByRole('alert').filter({ hasText: 'Failed to send message' })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('Please try again or contact us directly.')
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled()
  await expect(form.getByLabel('Message')).toHaveValue('Please call me back.')
  await expect(page).toHaveURL(/\/contact-us$/)
  await axe(page, '/contact-us with the failure toast')
})

test('the server refuses a phone number that is not a US number, and the visitor is told', async ({ page }) => {
  const form = await fillForm(page, 'Harold', 'Hello')
  await form.getByLabel('Phone').fill('12345')
  const answer = page.waitForResponse('**/api/messaging/contact')
  await form.getByRole('button', { name: 'Send Message' }).click()
  expect((await answer).status()).toBe(400)
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to send message' })).toBeVisible()
})

test('a locations failure shows the spec toast', async ({ page }) => {
  await page.route('**/api/messaging/locations', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"error":"Internal Server Error","message":"x"}' }))
  await page.goto('/contact-us')
  const toast = page.getByRole('alert').filter({ hasText: 'Failed to load locations' })
  await expect(toast).toBeVisible({ timeout: 20_000 })
  await expect(toast).toContainText('Please refresh the page and try again.')
})

test('sign-up, then confirmation: the messaging contact is created and "Welcome!" shows exactly once', async ({ page }) => {
  const email = uniqueEmail('welcome')
  // Signed up from this browser (its cookies): the confirmation link signs in only the browser that signed up.
  const signUp = await postAsked(page.request, '/api/identity/sign-up', {
    headers: { origin: BASE_URL },
    data: { first_name: 'Wilma', last_name: 'Thornton', email, phone: '(770) 555-0199', password: 'Amber-Valley-Kettle-73', preferred_location_uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a01' },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const mail = await waitForEmail(email, /Confirm your email/i)
  const welcomeAnswer = () => page.waitForResponse('**/api/messaging/contact-sync/me/welcome', { timeout: 20_000 })
  let answer = welcomeAnswer()
  await page.goto(linkIn(mail, '/api/identity/confirm-email'))
  await expect(page).toHaveURL(/\/$/)

  // The contact is created in the background: the toast comes on this visit or a later one.
  const deadline = Date.now() + 45_000
  while (!(((await (await answer).json()) as { welcome: boolean }).welcome)) {
    expect(Date.now() < deadline, 'the contact was created within 45 s').toBe(true)
    await page.waitForTimeout(1000)
    answer = welcomeAnswer()
    await page.reload()
  }
  const welcome = page.getByRole('alert').filter({ hasText: 'Welcome!' })
  await expect(welcome).toBeVisible()
  await expect(welcome).toContainText('Your account has been synchronized with our system.')

  // Never again: another visit, another tab.
  const answered = welcomeAnswer()
  await page.reload()
  expect(((await (await answered).json()) as { welcome: boolean }).welcome).toBe(false)
  await expect(page.getByRole('alert').filter({ hasText: 'Welcome!' })).toHaveCount(0)
})

test('an admin runs Sync Existing Users from Settings: progress, the spec toasts, the user list refreshed; axe at both widths', async ({ page, request }) => {
  // Created by staff without a location: confirmed, but no messaging contact until a sync.
  const email = uniqueEmail('sync')
  await createPatient(request, { first_name: 'Sylvia', last_name: 'Syncwell', email, phone: '(706) 555-0123', password: 'Cobalt-Harbor-Lantern-58' })
  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto('/admin?tab=settings')
  await expect(page.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible()
  const card = page.getByRole('region', { name: 'Local Messaging Contact Sync' })
  await expect(card).toBeVisible()
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await axe(page, `Settings at ${width} px`)
  }

  await card.getByRole('button', { name: 'Sync Existing Users' }).click()
  await expect(card.getByRole('progressbar', { name: 'Contact sync progress' })).toBeVisible()
  const counts = page.getByRole('alert').filter({ hasText: 'Sync completed' }).filter({ hasText: /Synced [1-9]\d* of [1-9]\d* users/ })
  await expect(counts).toBeVisible({ timeout: 45_000 })
  await expect(page.getByRole('alert').filter({ hasText: 'User data has been refreshed.' })).toBeVisible()
  await expect(card.getByText(/^Last sync completed/)).toBeVisible()
  await expect(card.getByRole('button', { name: 'Sync Existing Users' })).toBeEnabled()

  // Any admin opening the tab later sees the last run and its counts.
  await page.reload()
  await expect(card.getByText(/^Last sync completed/)).toBeVisible()
  await expect(card.getByRole('definition').nth(1)).not.toHaveText('0')
})
