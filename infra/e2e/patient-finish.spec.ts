import { clinicToday } from '@hearing/contracts'
import { readInvitation } from '../src/testing/invitation.js'

import type { Page } from '@playwright/test'

import { adminToken, createPatient, signInWithForm, uniqueEmail } from './support/accounts.js'
import { expect, test } from './support/hydrated.js'
import { linkIn, waitForEmail, type ReceivedEmail } from './support/mailbox.js'

/**
 * The patient's side, finished: the e-mails that follow each step of a booking, and the
 * small frictions a patient met in the shop, the booking form, the resources and the profile.
 * SCREENSHOTS_DIR set: the changed screens are saved at 390 and 1366 px.
 */

const SHOTS = process.env.SCREENSHOTS_DIR
const PASSWORD = 'Quiet-Harbor-Lantern-42'

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: false })
}

test.describe.configure({ timeout: 150_000 })

/** The `skip`-th weekday from 3 days ahead in the clinics' zone, "YYYY-MM-DD". */
function bookableWeekday(skip: number): string {
  const today = clinicToday()
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 3)
  for (let found = -1; ; date.setUTCDate(date.getUTCDate() + 1)) {
    const day = date.getUTCDay()
    if (day !== 0 && day !== 6 && ++found === skip) return date.toISOString().slice(0, 10)
  }
}

function invitationIn(email: ReceivedEmail) {
  const file = email.attachments.find((a) => a.filename === 'appointment.ics')
  expect(file, 'the confirmation carries a calendar invitation').toBeDefined()
  expect(file!.contentType).toBe('text/calendar')
  return readInvitation(file!.content)
}

test('a booking’s e-mails: acknowledged at once, confirmed with a calendar invitation, and a note when cancelled', async ({ page, request }) => {
  const email = uniqueEmail('sequence')
  const date = bookableWeekday(3)
  const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))

  // 1. The request, through the form.
  await page.goto('/book-appointment?location=Gainesville')
  const form = page.getByRole('form', { name: 'Book an appointment' })
  await expect(form.getByLabel('Location').locator('option:checked')).toHaveText('Gainesville')
  await form.getByLabel('Appointment type').selectOption({ label: 'Hearing Evaluation (60 min)' })
  await form.getByLabel('Date').fill(date)
  await form.getByLabel('Time (Eastern Time)').selectOption({ label: '11:30 AM' })
  for (const [label, value] of [['First name', 'Agnes'], ['Last name', 'Sequence'], ['Email', email], ['Phone', '(770) 555-0163'], ['Address line 1', '5 Pine Street'], ['City', 'Gainesville'], ['State', 'GA'], ['ZIP code', '30501']] as const) {
    await form.getByLabel(label).fill(value)
  }
  // The success page is a full navigation, which drops the answer's body: read it on its way to the page.
  let id = ''
  await page.route('**/api/scheduling/bookings', async (route) => {
    const response = await route.fetch()
    id = ((await response.json()) as { id: string }).id
    await route.fulfill({ response })
  })
  await form.getByRole('button', { name: 'Book Appointment' }).click()
  await expect(page).toHaveURL(/\/appointment-success$/)
  expect(id, 'the booking was stored').not.toBe('')

  const received = await waitForEmail(email, /We received your Hearing Evaluation appointment request/)
  expect(received.text).toContain(`We received your request for a Hearing Evaluation appointment at our Gainesville clinic on ${longDate} at 11:30 AM`)
  expect(received.text).toContain('We will confirm it by e-mail')
  expect(received.attachments, 'no invitation before the time is confirmed').toEqual([])

  // 2. Staff confirm: the invitation, read by a calendar parser.
  const staff = { authorization: `Bearer ${await adminToken(request)}` }
  const confirmed = await request.post(`/api/scheduling/admin/appointments/${id}/confirm`, { headers: staff })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  const confirmation = await waitForEmail(email, /Your Hearing Evaluation appointment is confirmed/)
  const cancelLink = linkIn(confirmation, '/cancel-appointment')
  const invitation = invitationIn(confirmation)
  expect(invitation.timeZone).toBe('America/New_York')
  expect(invitation.localStart).toBe(`${date}T11:30:00`)
  expect(invitation.end.getTime() - invitation.start.getTime()).toBe(60 * 60 * 1000)
  expect(invitation.location).toMatch(/Gainesville, GA 30501$/)
  expect(invitation.url).toBe(cancelLink)
  expect(invitation.status).toBe('CONFIRMED')
  expect(invitation.uid).toBe(`${id}@appointments.hearing-care`)

  // 3. The patient cancels with the link: a short note follows.
  const link = new URL(cancelLink)
  await page.goto(`${link.pathname}${link.search}`)
  await page.getByRole('button', { name: 'Cancel this appointment' }).click()
  await expect(page.getByText('This appointment is cancelled.', { exact: false })).toBeVisible()
  const note = await waitForEmail(email, /Your Hearing Evaluation appointment is cancelled/)
  expect(note.text).toContain(`As you asked, your Hearing Evaluation appointment at our Gainesville clinic on ${longDate} at 11:30 AM`)
})

test('the shop: prices with thousands separators, carousel arrows that stop at the ends, a fitting that names the hearing aid, Remove in the cart', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/products')
  const featured = page.getByRole('region', { name: /./ }).filter({ has: page.getByText('Featured', { exact: true }) }).first()
  await expect(featured).toContainText(/\$\d,\d{3}\.\d{2}/)
  await expect(featured).not.toContainText(/\$\d{4}\./)

  // One card per row on a phone: Previous is disabled at the start, Next until the last card, then disabled.
  const phonak = page.locator('section#phonak')
  const previous = phonak.getByRole('button', { name: 'Previous Phonak products' })
  const next = phonak.getByRole('button', { name: 'Next Phonak products' })
  await phonak.scrollIntoViewIfNeeded()
  await expect(previous).toBeDisabled()
  await expect(next).toBeEnabled()
  const box = await next.boundingBox()
  expect(box!.width, 'a large arrow button').toBeGreaterThanOrEqual(44)
  const arrow = await next.locator('svg').boundingBox()
  expect(arrow!.width, 'a clear arrow, not a tiny mark').toBeGreaterThanOrEqual(24)
  // Each move scrolls smoothly and the arrows follow the scroll: wait for it to end before reading them.
  const settled = () =>
    phonak.evaluate(
      (section) =>
        new Promise<void>((resolve) => {
          const scroller = [...section.querySelectorAll<HTMLElement>('*')].find((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))!
          let last = -1
          let still = 0
          const frame = () => {
            still = scroller.scrollLeft === last ? still + 1 : 0
            last = scroller.scrollLeft
            if (still >= 5) resolve()
            else requestAnimationFrame(frame)
          }
          requestAnimationFrame(frame)
        }),
    )
  for (let clicks = 0; clicks < 12; clicks++) {
    await settled()
    if (!(await next.isEnabled())) break
    await next.click()
    await expect(previous).toBeEnabled()
  }
  await expect(next).toBeDisabled()
  await shot(page, 'products-carousel')

  // "Schedule Fitting Appointment" carries the hearing aid into the booking.
  await page.evaluate(() => window.scrollTo(0, 0))
  const title = (await featured.getByRole('heading', { level: 2 }).textContent())!.trim()
  await featured.getByRole('link', { name: 'Schedule Fitting Appointment' }).click()
  await expect(page).toHaveURL(/\/book-appointment\?product=/)
  await expect(page.getByTestId('fitting-for')).toHaveText(`Booking a fitting for the ${title}.`)
  await expect(page.getByLabel('Notes (optional)')).toHaveValue(`Fitting for the ${title}.`)
  await shot(page, 'book-fitting')

  // The cart: a line can be removed at once.
  await page.goBack()
  await featured.getByRole('link', { name: /^Learn More/ }).click()
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByRole('button', { name: 'Cart, 1 item' }).click()
  const drawer = page.getByRole('dialog', { name: 'Your Cart' })
  await expect(drawer).toContainText(/Total \(1 items?\)\s*\$\d,\d{3}\.\d{2}/)
  await shot(page, 'cart')
  await drawer.getByRole('button', { name: `Remove ${title}` }).click()
  await expect(drawer).toContainText('Your cart is empty')
  await expect(page.getByTestId('cart-count')).toHaveText('0') // behind the open drawer, hidden from the accessibility tree
})

test('a signed-in customer: checkout filled in from the profile, order requests as cards on /profile', async ({ page, request }) => {
  const email = uniqueEmail('checkout')
  await createPatient(request, { first_name: 'Ruth', last_name: 'Checkout', email, phone: '(770) 555-0171', password: PASSWORD })
  await signInWithForm(page, email, PASSWORD)
  await page.goto('/products')
  await page.getByRole('link', { name: /^Learn More/ }).first().click()
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByRole('button', { name: 'Cart, 1 item' }).click()
  const drawer = page.getByRole('dialog', { name: 'Your Cart' })
  await drawer.getByRole('button', { name: 'Checkout' }).click()
  const form = drawer.getByRole('form', { name: 'Order request' })
  await expect(form.getByLabel('First name')).toHaveValue('Ruth')
  await expect(form.getByLabel('Last name')).toHaveValue('Checkout')
  await expect(form.getByLabel('E-mail')).toHaveValue(email)
  await expect(form.getByLabel('Phone')).toHaveValue('(770) 555-0171')
  await form.getByLabel('Preferred clinic').selectOption({ index: 1 })
  await form.getByRole('button', { name: 'Send Order Request' }).click()
  await expect(page.getByText('Order request sent')).toBeVisible()

  await page.goto('/profile')
  const orders = page.getByRole('region', { name: 'My Order Requests' })
  const card = orders.getByRole('listitem')
  await expect(card).toHaveCount(1)
  await expect(card).toContainText(/^1 × /)
  await expect(card).toContainText('Received')
  await expect(card).toContainText(/\$\d,\d{3}\.\d{2}/)
  const style = await card.evaluate((el) => getComputedStyle(el).borderTopStyle)
  expect(style, 'a bordered card like the appointments').toBe('solid')
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await orders.scrollIntoViewIfNeeded()
    await shot(page, 'profile-orders')
  }
})

test('an invalid cancel link: a kind page with the clinics’ phones, never the server’s words', async ({ page }) => {
  for (const token of ['nope', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
    await page.goto(`/cancel-appointment?token=${token}`)
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('This cancel link is invalid or has expired.')
    await expect(alert).not.toContainText('body.token')
    await expect(alert.getByRole('link', { name: '(770) 555-0142' })).toHaveAttribute('href', /^tel:/)
    await expect(alert.getByRole('link', { name: '(706) 555-0187' })).toHaveAttribute('href', /^tel:/)
  }
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await shot(page, 'cancel-link-invalid')
  }
})

test('resource tabs are history entries: Back returns to the previous tab', async ({ page }) => {
  await page.goto('/resources')
  await page.getByRole('tab', { name: 'Clinical Studies' }).click()
  await expect(page).toHaveURL(/\/resources\?type=clinical-studies$/)
  await page.getByRole('tab', { name: 'Resources' }).click()
  await expect(page).toHaveURL(/\/resources\?type=resources$/)
  await page.goBack()
  await expect(page).toHaveURL(/\/resources\?type=clinical-studies$/)
  await expect(page.getByRole('tab', { name: 'Clinical Studies' })).toHaveAttribute('aria-selected', 'true')
  await page.goBack()
  await expect(page).toHaveURL(/\/resources$/)
  await expect(page.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true')
})

test('toasts leave the header’s buttons uncovered; the logo is two lines on phones; the booking form’s Time box is level with the Date box', async ({ page }) => {
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 844 })
    await page.goto('/products')
    await page.getByRole('link', { name: /^Learn More/ }).first().click()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Added to Cart' })
    await expect(toast).toBeVisible()
    const toastBox = (await toast.boundingBox())!
    const header = page.getByRole('banner')
    const buttons = [header.getByRole('button', { name: /^Cart, / }), header.getByRole('link', { name: 'Sign In' }), header.getByRole('link', { name: 'Book Appointment' }), header.getByRole('button', { name: 'Menu' })]
    for (const button of buttons) {
      if (!(await button.isVisible())) continue
      expect(overlaps(toastBox, (await button.boundingBox())!), `the toast covers ${await button.textContent()} at ${width}px`).toBe(false)
    }
    await shot(page, 'toast')
  }

  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 700 })
    await page.goto('/')
    const name = page.getByRole('banner').getByRole('link', { name: 'North Georgia Hearing Care' }).locator('span').first()
    const lines = await name.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)))
    expect(lines, `the logo's lines at ${width}px`).toBe(2)
  }

  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/book-appointment?location=Gainesville')
    const form = page.getByRole('form', { name: 'Book an appointment' })
    await form.getByLabel('Appointment type').selectOption({ label: 'Hearing Evaluation (60 min)' })
    const date = (await form.getByLabel('Date').boundingBox())!
    const time = (await form.getByLabel('Time (Eastern Time)').boundingBox())!
    expect(Math.abs(time.height - date.height), `Time as tall as Date at ${width}px`).toBeLessThanOrEqual(1)
    if (width > 700) expect(Math.abs(time.y - date.y), 'side by side, level').toBeLessThanOrEqual(1)
    await form.getByLabel('Date').scrollIntoViewIfNeeded()
    await shot(page, 'booking-date-time')
  }
})
