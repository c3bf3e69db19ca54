import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { createPatient, postAsked, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js'
import { linkIn, waitForEmail, type ReceivedEmail } from './support/mailbox.js'
import { openWeekdays } from './support/open-days.js'
import { expectNoAxeViolations } from './support/axe.js'

/**
 * After a booking (SPEC §2 Admin dashboard Appointments tab, §4 Admin scheduling, §5, §8): staff
 * schedule for existing and new patients, confirm or decline requests; patients are told by e-mail
 * (a calendar file and a cancel link with the confirmation) and cancel by the link or on /profile.
 */

test.describe.configure({ timeout: 150_000 })

const PASSWORD = 'correct horse battery staple'

const axe = (page: Page, what: string) => expectNoAxeViolations(page, what)

/** The `skip`-th open Monday to Thursday from a week ahead at Gainesville (open until 4 PM; clear of the booking journeys' days; holidays skipped). */
async function weekday(request: APIRequestContext, skip: number): Promise<string> {
  const days = await openWeekdays(request, 7)
  return days.filter((d) => new Date(`${d}T12:00:00Z`).getUTCDay() <= 4)[skip]!
}

/** What the toast says of a clinic date: "Wed, Dec 2, 2026". */
const dayLabel = (date: string) => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))

async function signInAdmin(page: Page) {
  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto('/admin?tab=appointments')
  await expect(page.getByRole('heading', { name: 'Appointment Management' })).toBeVisible()
  // window.confirm before declining or cancelling: staff agree.
  page.on('dialog', (dialog) => void dialog.accept())
  return page.getByRole('form', { name: 'Schedule an Appointment' })
}

/** A patient's own booking request through the API (signed in, so it is theirs on /profile). */
async function requestAsPatient(request: APIRequestContext, email: string, { date, time, type }: { date: string; time: string; type: string }) {
  const signIn = await postAsked(request, '/api/identity/sign-in', { data: { email, password: PASSWORD } })
  const token = ((await signIn.json()) as { access_token: string }).access_token
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const dawsonville = locations.find((l) => l.name === 'Dawsonville')!
  const types = (await (await request.get(`/api/scheduling/appointment-types?location_uid=${dawsonville.uid}`)).json()) as Array<{ id: string; name: string }>
  const res = await request.post('/api/scheduling/bookings', {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: 'Iris', last_name: `Iris${uniqueLetters()}`, email, phone: '(706) 555-0150', location: dawsonville.uid, appointment_type_id: types.find((t) => t.name === type)!.id, date, time, address_line1: '3 Hill Road', city: 'Dawsonville', state: 'GA', zip_code: '30534' },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: string }
}

function calendarOf(email: ReceivedEmail) {
  const ics = email.attachments.find((a) => a.filename === 'appointment.ics')
  expect(ics, 'the confirmation carries a calendar file').toBeDefined()
  expect(ics!.contentType).toBe('text/calendar')
  return ics!.content
}

test('an admin schedules for an existing and for a new patient: the spec’s checks and toasts, the list’s badges, the patient’s calendar file and the invite', async ({ page, request }) => {
  const existing = uniqueEmail('scheduled')
  await createPatient(request, { first_name: 'Owen', last_name: 'Scheduled', email: existing, phone: '(770) 555-0131', password: PASSWORD })
  const form = await signInAdmin(page)
  const date = await weekday(request, 0)

  // Nothing chosen: the spec's check.
  await form.getByRole('button', { name: 'Schedule Appointment' }).click()
  await expect(page.getByText('Please fill in all required fields')).toBeVisible()
  await form.getByLabel('Appointment type').selectOption({ label: 'Follow-up (30 min)' })
  await form.getByLabel('Date').fill(date)
  await form.getByLabel('Time (Eastern Time)').selectOption({ label: '2:00 PM' })
  await form.getByRole('button', { name: 'Schedule Appointment' }).click()
  await expect(page.getByText('Please select a user')).toBeVisible()

  // Only customers are offered as patients.
  const patient = form.getByRole('combobox', { name: 'Patient', exact: true })
  await expect(patient.locator('option', { hasText: ADMIN_EMAIL })).toHaveCount(0)
  await patient.selectOption({ label: `Owen Scheduled (${existing})` })
  await form.getByLabel('Notes (optional)').fill('Bring both hearing aids.')
  await axe(page, 'the Appointments tab, form filled in')
  await form.getByRole('button', { name: 'Schedule Appointment' }).click()
  await expect(page.getByText('Appointment Scheduled')).toBeVisible()
  // The embedded local provider: no Podium suffix.
  await expect(page.getByText(`Follow-up on ${dayLabel(date)} at 2:00 PM`, { exact: true })).toBeVisible()
  await expect(form.getByLabel('Notes (optional)')).toHaveValue('')

  const item = page.getByRole('listitem').filter({ hasText: 'Owen Scheduled' })
  await expect(item).toContainText('Confirmed')
  await expect(item).toContainText('Local Only')
  await expect(item).toContainText('Phone: (770) 555-0131')
  await expect(item).toContainText('Notes: Bring both hearing aids.')
  await expect(item).toContainText(/at 2:00 PM \(Eastern (Standard|Daylight) Time\)/)

  const confirmation = await waitForEmail(existing, /Your Follow-up appointment is confirmed/)
  expect(confirmation.text).toContain('2:00 PM')
  const ics = calendarOf(confirmation)
  expect(ics).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T140000/) // 2:00 PM on the clinic's clock
  expect(ics).toContain('Follow-up at')
  expect(linkIn(confirmation, '/cancel-appointment')).toMatch(/\?token=[\w-]{43}$/)

  // A new patient: created through identity with an invite, then scheduled.
  const newcomer = uniqueEmail('newcomer')
  await form.getByLabel('New patient').check()
  await form.getByLabel('Appointment type').selectOption({ label: 'Consultation (60 min)' })
  await form.getByLabel('Date').fill(date)
  await form.getByLabel('Time (Eastern Time)').selectOption({ label: '3:00 PM' })
  await form.getByRole('button', { name: 'Schedule Appointment' }).click()
  await expect(page.getByText('Please fill in all new user fields')).toBeVisible()
  await form.getByLabel('First name').fill('Nora')
  await form.getByLabel('Last name').fill('Newcomer')
  await form.getByLabel('Email').fill(newcomer)
  await form.getByRole('button', { name: 'Schedule Appointment' }).click()
  await expect(page.getByText('User Created')).toBeVisible()
  await expect(page.getByText(`Consultation on ${dayLabel(date)} at 3:00 PM`, { exact: true })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Nora Newcomer' })).toContainText('No phone')
  await waitForEmail(newcomer, /Set up your .* account/)
  await waitForEmail(newcomer, /Your Consultation appointment is confirmed/)

  // The same clinic at a time already booked: the list shows it booked and it cannot be chosen.
  await form.getByLabel('Existing patient').check()
  await form.getByRole('combobox', { name: 'Patient', exact: true }).selectOption({ label: `Owen Scheduled (${existing})` })
  await form.getByLabel('Appointment type').selectOption({ label: 'Repair (30 min)' })
  await form.getByLabel('Date').fill(date)
  await expect(form.getByLabel('Time (Eastern Time)').locator('option', { hasText: '3:30 PM (booked)' })).toBeDisabled()
  await expect(form.getByLabel('Time (Eastern Time)').locator('option').last()).toHaveText('3:30 PM (booked)')

  // Closing a clinic for a day: no times are offered then, until it is opened again.
  const closing = page.getByRole('form', { name: 'Close a clinic for a day' })
  const closedDay = await weekday(request, 4)
  await closing.getByLabel('Date').fill(closedDay)
  await closing.getByLabel('Reason (optional)').fill('Staff training')
  await closing.getByRole('button', { name: 'Close this day' }).click()
  await expect(page.getByText('Day closed')).toBeVisible()
  const closedItem = page.getByRole('listitem').filter({ hasText: 'Staff training' })
  await expect(closedItem).toContainText('Gainesville')
  const gainesville = ((await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>).find((l) => l.name === 'Gainesville')!
  const followUp = ((await (await request.get(`/api/scheduling/appointment-types?location_uid=${gainesville.uid}`)).json()) as Array<{ id: string; name: string }>).find((t) => t.name === 'Follow-up')!
  const timesThen = () => request.get(`/api/scheduling/availability?location_uid=${gainesville.uid}&appointment_type_id=${followUp.id}&date=${closedDay}`)
  expect((await (await timesThen()).json()).message).toContain('the clinic is closed that day')
  await closedItem.getByRole('button', { name: /^Open again/ }).click()
  await expect(closedItem).toHaveCount(0)
  expect((await timesThen()).status()).toBe(200)

  // The tab itself at each width: once the toasts above have gone (axe reads a fading toast's
  // half-transparent text as low contrast).
  await page.mouse.move(0, 0)
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 30_000 })
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await axe(page, `the Appointments tab at ${width}px`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width}px`).toBeLessThanOrEqual(width)
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/admin-appointments-${width}.png`, fullPage: true })
  }
})

test('staff confirm a request and decline another; the patient cancels one by the e-mailed link and one on /profile', async ({ page, browser, request }) => {
  const email = uniqueEmail('requester')
  await createPatient(request, { first_name: 'Iris', last_name: 'Requester', email, password: PASSWORD })
  const name = email.split('@')[0]!
  const toConfirm = await requestAsPatient(request, email, { date: await weekday(request, 1), time: '09:00', type: 'Repair' })
  await requestAsPatient(request, email, { date: await weekday(request, 1), time: '11:00', type: 'Adjustment' })
  await requestAsPatient(request, email, { date: await weekday(request, 2), time: '09:00', type: 'Check & Clean' })

  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await signInAdmin(staff)
  const requests = staff.getByRole('listitem').filter({ hasText: name })
  await expect(requests).toHaveCount(3)
  const repair = requests.filter({ hasText: 'Repair' })
  await expect(repair).toContainText('Pending')
  await expect(repair).toContainText('Requested online')
  await repair.getByRole('button', { name: /^Confirm:/ }).click()
  await expect(staff.getByText('Appointment confirmed')).toBeVisible()
  await expect(repair).toContainText('Confirmed')
  const adjustment = requests.filter({ hasText: 'Adjustment' })
  await adjustment.getByRole('button', { name: /^Decline:/ }).click()
  await expect(adjustment).toContainText('Declined')
  await expect(adjustment.getByRole('button')).toHaveCount(0)
  const sorry = await waitForEmail(email, /About your appointment request/)
  expect(sorry.text).toContain('(706) 555-0187')

  // The confirmation: a calendar file and a link that cancels this appointment only.
  const confirmation = await waitForEmail(email, /Your Repair appointment is confirmed/)
  expect(calendarOf(confirmation)).toContain(`UID:${toConfirm.id}@`)
  const link = new URL(linkIn(confirmation, '/cancel-appointment'))
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your appointment' })).toBeVisible()
  await expect(page.getByText('Repair', { exact: true })).toBeVisible()
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible()
  await axe(page, '/cancel-appointment')
  await page.getByRole('button', { name: 'Cancel this appointment' }).click()
  await expect(page.getByText('This appointment is cancelled.', { exact: false })).toBeVisible()
  await waitForEmail(email, /Your Repair appointment is cancelled/)
  await staff.getByRole('button', { name: 'Refresh' }).click()
  await expect(repair).toContainText('Cancelled')
  await staffContext.close()

  // A broken link says so, kindly.
  await page.goto('/cancel-appointment?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
  await expect(page.getByRole('alert')).toContainText('This cancel link is invalid or has expired.')

  // On /profile: the pending one is upcoming and can be cancelled; the others are past or cancelled.
  await signInWithForm(page, email, PASSWORD)
  await page.goto('/profile')
  const mine = page.getByRole('region', { name: 'My Appointments' })
  await expect(mine.getByRole('listitem')).toHaveCount(3)
  await axe(page, '/profile with appointments')
  // The site's own dialog asks first, never the browser's confirm().
  const browserDialogs: string[] = []
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await mine.getByRole('button', { name: /^Cancel Check & Clean/ }).click()
  const ask = page.getByRole('alertdialog', { name: 'Cancel this appointment?' })
  await expect(ask).toContainText('Check & Clean')
  await expect(ask.getByRole('button', { name: 'Keep Appointment' })).toBeFocused()
  await axe(page, '/profile asking before cancelling')
  await ask.getByRole('button', { name: 'Cancel Appointment' }).click()
  await expect(ask).toBeHidden()
  expect(browserDialogs).toEqual([])
  await expect(page.getByText('Appointment cancelled')).toBeVisible()
  await expect(mine.getByText('You have no upcoming appointments.')).toBeVisible()
  await expect(mine.getByRole('listitem').filter({ hasText: 'Check & Clean' })).toContainText('Cancelled')
})
