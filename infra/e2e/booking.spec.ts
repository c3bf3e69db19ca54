import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { createPatient, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js'
import { openWeekdays } from './support/open-days.js'
import { expectNoAxeViolations } from './support/axe.js'

/**
 * Public booking (SPEC §2 "Book appointment", §4, §5, §8) through the whole stack: times come from
 * the scheduling service in the clinic's time zone, the request is stored as pending and reaches
 * the staff inbox as the spec's message.
 */

test.describe.configure({ timeout: 120_000 })

const axe = (page: Page, what: string) => expectNoAxeViolations(page, what)

/** An open weekday at least 3 days (and at most a couple of weeks) ahead at Gainesville; `skip` picks a later one. */
async function bookableWeekday(request: APIRequestContext, skip = 0): Promise<string> {
  return (await openWeekdays(request, 3))[skip]!
}

/** The Saturday after an open weekday. */
function saturdayAfter(weekday: string): string {
  const date = new Date(`${weekday}T00:00:00Z`)
  while (date.getUTCDay() !== 6) date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

const bookingForm = (page: Page) => page.getByRole('form', { name: 'Book an appointment' })

test('a guest books from the Locations page: dependent fields, times in Eastern Time, /appointment-success, and the request in the staff inbox', async ({ page, browser, request: api }) => {
  const date = await bookableWeekday(api)
  const lastName = `Booker${uniqueLetters()}`
  const bookEvents: string[] = []
  page.on('request', (req) => {
    if (req.url().endsWith('/api/content/events') && req.postData()?.includes('"book"')) bookEvents.push(req.url())
  })
  await page.goto('/locations')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  await page.getByRole('link', { name: /Schedule Appointment/ }).first().click()
  await expect(page).toHaveURL(/\/book-appointment\?location=Gainesville$/)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  const form = bookingForm(page)

  // ?location=Gainesville pre-selects it; the type is ready, date and time wait for a type.
  await expect(form.getByLabel('Location')).toHaveValue(/.+/)
  await expect(form.getByLabel('Location').locator('option:checked')).toHaveText('Gainesville')
  await expect(form.getByLabel('Date')).toBeDisabled()
  await expect(form.getByLabel('Time (Eastern Time)')).toBeDisabled()
  await form.getByLabel('Appointment type').selectOption({ label: 'Hearing Evaluation (60 min)' })
  await expect(form.getByLabel('Date')).toBeEnabled()

  // A weekend is refused before any time is offered.
  await form.getByLabel('Date').fill(saturdayAfter(date))
  await expect(form.getByText('Please choose a weekday (Monday to Friday).')).toBeVisible()
  await expect(form.getByLabel('Time (Eastern Time)')).toBeDisabled()

  await form.getByLabel('Date').fill(date)
  const time = form.getByLabel('Time (Eastern Time)')
  await expect(time).toBeEnabled()
  const labels = await time.locator('option').allTextContents()
  expect(labels[1]).toBe('9:00 AM')
  expect(labels.at(-1)).toMatch(/^(12:00 PM|3:00 PM)$/) // Friday closes at 13:00, other days at 16:00
  await time.selectOption({ label: '10:00 AM' })

  // Missing details: the spec's toast.
  await form.getByRole('button', { name: 'Book Appointment' }).click()
  await expect(page.getByText('Missing Information')).toBeVisible()
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible()

  await form.getByLabel('First name').fill('Harold')
  await form.getByLabel('Last name').fill(lastName)
  await form.getByLabel('Email').fill(uniqueEmail('booker'))
  await form.getByLabel('Phone').fill('(770) 555-0177')
  await form.getByLabel('Address line 1').fill('48 Lakeview Drive')
  await form.getByLabel('City').fill('Gainesville')
  await form.getByLabel('State').fill('GA')
  await form.getByLabel('ZIP code').fill('30501')
  await form.getByLabel('Notes (optional)').fill('I use hearing aids in both ears.')
  await axe(page, '/book-appointment filled in')

  // Choosing another type clears the time.
  await form.getByLabel('Appointment type').selectOption({ label: 'Consultation (60 min)' })
  await expect(time).toHaveValue('')
  await time.selectOption({ label: '10:00 AM' })

  await form.getByRole('button', { name: 'Book Appointment' }).click()
  await expect(page).toHaveURL(/\/appointment-success$/)
  await expect(page.getByRole('heading', { name: 'Appointment Request Sent' })).toBeVisible()
  await expect.poll(() => bookEvents.length).toBe(1)

  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await signInWithForm(staff, ADMIN_EMAIL, ADMIN_PASSWORD)
  await staff.goto('/admin?tab=inbox')
  const item = staff.getByRole('listitem').filter({ hasText: lastName })
  await expect(item).toBeVisible({ timeout: 20_000 })
  await expect(item).toContainText('New appointment request from the website; staff confirm or decline it in the Appointments tab.')
  await expect(item).toContainText('Appointment: Pending')
  await expect(item).toContainText('Type: Consultation')
  await expect(item).toContainText('Address: 48 Lakeview Drive, Gainesville, GA 30501')
  await expect(item).toContainText(/Date\/time: \w+day, \w+ \d+, \d{4} at 10:00 AM \(Eastern (Standard|Daylight) Time\)/)
  // ...and in the Appointments tab as a pending request staff can confirm or decline.
  await staff.goto('/admin?tab=appointments')
  const request = staff.getByRole('listitem').filter({ hasText: `Consultation · Harold ${lastName}` })
  await expect(request).toContainText('Pending')
  await expect(request).toContainText('Requested online')
  await expect(request.getByRole('button', { name: /^Confirm:/ })).toBeVisible()
  await staffContext.close()
})

test('the same time twice: the second patient is told it was just taken and offered fresh times', async ({ page, request }) => {
  const date = await bookableWeekday(request, 1)
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const dawsonville = locations.find((l) => l.name === 'Dawsonville')!
  const types = (await (await request.get(`/api/scheduling/appointment-types?location_uid=${dawsonville.uid}`)).json()) as Array<{ id: string; name: string }>
  const repair = types.find((t) => t.name === 'Repair')!

  await page.goto('/book-appointment?location=Dawsonville')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  const form = bookingForm(page)
  await expect(form.getByLabel('Location').locator('option:checked')).toHaveText('Dawsonville')
  await form.getByLabel('Appointment type').selectOption({ label: 'Repair (30 min)' })
  await form.getByLabel('Date').fill(date)
  await form.getByLabel('Time (Eastern Time)').selectOption({ index: 1 })
  const chosen = await form.getByLabel('Time (Eastern Time)').inputValue()
  for (const [label, value] of [['First name', 'Edna'], ['Last name', 'Racer'], ['Email', uniqueEmail('racer')], ['Phone', '(706) 555-0188'], ['Address line 1', '9 Main Street'], ['City', 'Dawsonville'], ['State', 'GA'], ['ZIP code', '30534']]) {
    await form.getByLabel(label!).fill(value!)
  }
  // Someone else takes that very time first.
  const taken = await request.post('/api/scheduling/bookings', {
    data: { first_name: 'Quick', last_name: 'Patient', email: uniqueEmail('quick'), phone: '(706) 555-0100', location: dawsonville.uid, appointment_type_id: repair.id, date, time: chosen, address_line1: '1 Elm Street', city: 'Dawsonville', state: 'GA', zip_code: '30534' },
  })
  expect(taken.status(), await taken.text()).toBe(201)

  await form.getByRole('button', { name: 'Book Appointment' }).click()
  await expect(page.getByText('Booking Failed')).toBeVisible()
  await expect(page.getByText('That time was just taken — please choose another')).toBeVisible()
  await expect(form.getByLabel('Time (Eastern Time)')).toHaveValue('')
  await expect(form.getByLabel('Time (Eastern Time)').locator(`option[value="${chosen}"]`)).toHaveCount(0)
  await expect(page).toHaveURL(/\/book-appointment/)
})

test('a signed-in patient finds the form filled in and is greeted by e-mail; axe at phone and desktop widths', async ({ page, request }) => {
  const email = uniqueEmail('signed.booker')
  await createPatient(request, { first_name: 'Ruth', last_name: 'Signed', email, phone: '(770) 555-0166', password: 'correct horse battery staple' })
  await signInWithForm(page, email, 'correct horse battery staple')
  await page.goto('/book-appointment')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  await expect(page.getByText(`Welcome back, ${email}! We have filled in your details; please check them.`)).toBeVisible()
  const form = bookingForm(page)
  await expect(form.getByLabel('First name')).toHaveValue('Ruth')
  await expect(form.getByLabel('Last name')).toHaveValue('Signed')
  await expect(form.getByLabel('Email')).toHaveValue(email)
  await expect(form.getByLabel('Phone')).toHaveValue('(770) 555-0166')
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await axe(page, `/book-appointment signed in at ${width}px`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width}px`).toBeLessThanOrEqual(width)
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/book-appointment-${width}.png`, fullPage: true })
  }
})

test('the dropdowns’ empty and error texts: types that fail to load, no types at a clinic, no times on a day', async ({ page, request }) => {
  const date = await bookableWeekday(request)
  let typesAnswer: { status: number; body: unknown } = { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'down' } }
  await page.route('**/api/scheduling/appointment-types?*', (route) => route.fulfill({ status: typesAnswer.status, contentType: 'application/json', body: JSON.stringify(typesAnswer.body) }))
  await page.route('**/api/scheduling/availability?*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ date, times: [] }) }))
  const serverTrouble = 'Our server is having trouble right now. Please try again in a moment.'

  // The types fail to load: the dropdown and a toast say so.
  await page.goto('/book-appointment?location=Gainesville')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  const form = bookingForm(page)
  await expect(page.getByRole('alert').filter({ hasText: serverTrouble })).toBeVisible({ timeout: 30_000 })
  await expect(form.getByLabel('Appointment type').locator('option').first()).toHaveText(serverTrouble)

  // A clinic with no types.
  typesAnswer = { status: 200, body: [] }
  await form.getByLabel('Location').selectOption({ label: 'Dawsonville' })
  await expect(form.getByLabel('Appointment type').locator('option').first()).toHaveText('No appointment types available for this location')
  await expect(form.getByLabel('Appointment type')).toBeDisabled()

  // A fully booked day: no times.
  typesAnswer = { status: 200, body: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Repair', description: null, duration_minutes: 30, location_uid: 'x' }] }
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  await form.getByLabel('Location').selectOption({ label: 'Dawsonville' })
  await form.getByLabel('Appointment type').selectOption({ label: 'Repair (30 min)' })
  await form.getByLabel('Date').fill(date)
  await expect(form.getByLabel('Time (Eastern Time)').locator('option').first()).toHaveText('No available times for selected date')
  await expect(form.getByLabel('Time (Eastern Time)')).toBeDisabled()
})
