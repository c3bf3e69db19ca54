import { clinicToday } from '@hearing/contracts'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { adminToken, createPatient, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js'
import { waitForEmail } from './support/mailbox.js'
import { expectNoAxeViolations, WCAG_22_AA } from './support/axe.js'

/**
 * The front desk: staff racing for one slot get "just taken", never a server error;
 * staff are held to opening hours; the Inbox and the Appointments tab know each other; the
 * schedule's week view at both clinics, and a visit moved with the patient e-mailed a new .ics.
 */

test.describe.configure({ timeout: 150_000 })

const PASSWORD = 'Juniper-Anchor-Meadow-73'

const axe = (page: Page, what: string) => expectNoAxeViolations(page, what, { tags: WCAG_22_AA })

/** The first day from `weeksAhead` weeks on (clinics' zone) whose weekday is `weekday` (1 = Monday), "YYYY-MM-DD". */
function dayAhead(weeksAhead: number, weekday: number): string {
  const today = clinicToday()
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + weeksAhead * 7)
  while (date.getUTCDay() !== weekday % 7) date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** A Monday two weeks or more ahead whose whole week both clinics are open (no holiday in it). */
async function openWeek(request: APIRequestContext): Promise<string> {
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string }>
  const closed = new Set<string>()
  for (const l of locations) {
    const window = (await (await request.get(`/api/scheduling/booking-window?location_uid=${l.uid}`)).json()) as { closed_dates: string[] }
    for (const d of window.closed_dates) closed.add(d)
  }
  for (let weeks = 2; ; weeks++) {
    const monday = dayAhead(weeks, 1)
    if ([0, 1, 2, 3, 4].every((i) => !closed.has(plusDays(monday, i)))) return monday
  }
}

async function clinicsAndTypes(request: APIRequestContext) {
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const clinic = (name: string) => locations.find((l) => l.name === name)!.uid
  const typeOf = async (location: string, name: string) =>
    ((await (await request.get(`/api/scheduling/appointment-types?location_uid=${location}`)).json()) as Array<{ id: string; name: string }>).find((t) => t.name === name)!.id
  return { gainesville: clinic('Gainesville'), dawsonville: clinic('Dawsonville'), typeOf }
}

async function signInAs(page: Page, email: string, password: string, tab: string) {
  await signInWithForm(page, email, password)
  await page.goto(`/admin?tab=${tab}`)
  page.on('dialog', (dialog) => void dialog.accept())
}

test('ten staff booking one slot at once through the gateway: one 201, nine "just taken" 409s', async ({ request }) => {
  const { gainesville, typeOf } = await clinicsAndTypes(request)
  const patient = await createPatient(request, { first_name: 'Rita', last_name: 'Race', email: uniqueEmail('race'), password: PASSWORD })
  const token = await adminToken(request)
  const type = await typeOf(gainesville, 'Hearing Evaluation')
  const date = dayAhead(6, 3)
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      request.post('/api/scheduling/admin/appointments', {
        headers: { authorization: `Bearer ${token}` },
        data: { user_id: patient.id, user_info: { first_name: 'Rita', last_name: 'Race', email: patient.email }, location: gainesville, appointment_type_id: type, appointment_date: date, appointment_time: '11:00' },
      }),
    ),
  )
  expect(answers.map((a) => a.status()).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409])
  for (const a of answers.filter((a) => a.status() === 409)) expect(((await a.json()) as { message: string }).message).toBe('That time was just taken — please choose another')
})

test('staff: opening hours hold in the form, focus stays after scheduling; the week view at both clinics; a visit moved and the patient e-mailed', async ({ page, request }) => {
  const staffEmail = uniqueEmail('frontdesk')
  const staffUser = await createPatient(request, { first_name: 'Fran', last_name: 'Desk', email: staffEmail, password: PASSWORD })
  const role = await request.patch(`/api/identity/admin/users/${staffUser.id}/role`, { data: { role: 'staff' }, headers: { authorization: `Bearer ${await adminToken(request)}` } })
  expect(role.status(), await role.text()).toBe(200)
  const patientEmail = uniqueEmail('moved')
  const last = `Moved${uniqueLetters()}`
  await createPatient(request, { first_name: 'Mona', last_name: last, email: patientEmail, password: PASSWORD })

  await signInAs(page, staffEmail, PASSWORD, 'appointments')
  const form = page.getByRole('form', { name: 'Schedule an Appointment' })
  const monday = await openWeek(request)
  const tuesday = plusDays(monday, 1)
  const friday = plusDays(monday, 4)
  const time = form.getByLabel('Time (Eastern Time)')

  // Dawsonville closes at 1 PM on Fridays: a one-hour visit's last start is noon.
  await form.getByLabel('Location').selectOption({ label: 'Dawsonville' })
  await form.getByLabel('Appointment type').selectOption({ label: 'Hearing Evaluation (60 min)' })
  await form.getByLabel('Date').fill(friday)
  await expect(time.locator('option').last()).toHaveText('12:00 PM')
  await form.getByLabel('Date').fill(plusDays(monday, 5))
  await expect(time.locator('option').first()).toHaveText('date: must be a weekday (Monday to Friday)')
  await expect(time.locator('option')).toHaveCount(1)

  await form.getByRole('combobox', { name: 'Patient', exact: true }).selectOption({ label: `Mona ${last} (${patientEmail})` })
  await form.getByLabel('Date').fill(friday)
  await time.selectOption({ label: '11:00 AM' })
  const submit = form.getByRole('button', { name: 'Schedule Appointment' })
  await submit.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Appointment Scheduled')).toBeVisible()
  await expect(submit, 'focus stays on the form after scheduling').toBeFocused()

  // One at Gainesville too, on the Tuesday of that week.
  await form.getByRole('combobox', { name: 'Patient', exact: true }).selectOption({ label: `Mona ${last} (${patientEmail})` })
  await form.getByLabel('Location').selectOption({ label: 'Gainesville' })
  await form.getByLabel('Appointment type').selectOption({ label: 'Follow-up (30 min)' })
  await form.getByLabel('Date').fill(tuesday)
  await time.selectOption({ label: '10:00 AM' })
  await submit.click()
  await expect(page.getByText(/Follow-up on .* at 10:00 AM/)).toBeVisible()

  // The week of that Monday, at each clinic.
  const schedule = page.getByRole('region', { name: 'Schedule' })
  await schedule.getByLabel('View').selectOption({ label: 'Week' })
  await schedule.getByLabel('Week from').fill(monday)
  const visit = (clinic: string) => schedule.getByRole('listitem').filter({ hasText: `Mona ${last}` }).filter({ hasText: clinic })
  await expect(visit('Gainesville')).toContainText('10:00 AM')
  await expect(visit('Dawsonville')).toContainText('11:00 AM')
  await schedule.getByLabel('Clinic').selectOption({ label: 'Dawsonville' })
  await expect(visit('Dawsonville')).toBeVisible()
  await expect(visit('Gainesville')).toHaveCount(0)
  await schedule.getByLabel('Clinic').selectOption({ label: 'Gainesville' })
  await expect(visit('Gainesville')).toBeVisible()
  await expect(visit('Dawsonville')).toHaveCount(0)
  await axe(page, 'the schedule, week view')
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await schedule.screenshot({ path: `/tmp/front-desk-week-${width}.png` })
  }
  await page.setViewportSize({ width: 1366, height: 900 })

  // Move the Gainesville visit with the keyboard alone.
  await visit('Gainesville').getByRole('button', { name: /^Move: / }).focus()
  await page.keyboard.press('Enter')
  const move = schedule.getByRole('form', { name: `Move the visit of Mona ${last}` })
  await move.getByLabel('New time (Eastern Time)').focus()
  await move.getByLabel('New time (Eastern Time)').selectOption({ label: '2:00 PM' })
  await move.getByRole('button', { name: 'Move the visit' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Appointment moved')).toBeVisible()
  await expect(visit('Gainesville')).toContainText('2:00 PM')
  const moved = await waitForEmail(patientEmail, /Your Follow-up appointment has moved to/)
  expect(moved.text).toContain('at 10:00 AM')
  const ics = moved.attachments.find((a) => a.filename === 'appointment.ics')
  expect(ics?.content).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T140000/) // the new time, 2:00 PM on the clinic clock
  await expect(schedule.getByRole('button', { name: 'Print day sheet' })).toBeVisible()
})

test('the Inbox and the Appointments tab know each other: a request confirmed is handled in the Inbox, with links both ways', async ({ page, request }) => {
  const { gainesville, typeOf } = await clinicsAndTypes(request)
  const last = `Linked${uniqueLetters()}`
  const booking = await request.post('/api/scheduling/bookings', {
    data: {
      first_name: 'Lena', last_name: last, email: uniqueEmail('linked'), phone: '706 555 0177', location: gainesville, appointment_type_id: await typeOf(gainesville, 'Repair'),
      date: dayAhead(4, 4), time: '09:30', address_line1: '9 Pine Street', city: 'Gainesville', state: 'GA', zip_code: '30501',
    },
  })
  expect(booking.status(), await booking.text()).toBe(201)

  await signInAs(page, ADMIN_EMAIL, ADMIN_PASSWORD, 'inbox')
  const message = page.getByRole('listitem').filter({ hasText: last })
  await expect(message).toContainText('Appointment: Pending', { timeout: 20_000 })
  await expect(message).toContainText('(706) 555-0177')
  await expect(message.getByRole('button', { name: `Mark handled: message from Lena ${last}` })).toBeVisible()
  await axe(page, 'the Inbox with a linked request')

  await message.getByRole('link', { name: 'Open the appointment' }).click()
  const appointment = page.getByRole('listitem').filter({ hasText: `Repair · Lena ${last}` })
  await expect(appointment).toBeFocused()
  await appointment.getByRole('button', { name: /^Confirm:/ }).click()
  await expect(page.getByText('Appointment confirmed')).toBeVisible()
  await expect(appointment).toContainText('Confirmed')

  await appointment.getByRole('link', { name: 'Open the message in the Inbox' }).click()
  await expect(message).toBeFocused()
  await expect(message).toContainText('Appointment: Confirmed')
  await expect(message).toContainText('Handled: the request is confirmed')
  await expect(message).not.toContainText('pending until staff confirm it')
})
