import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test'

import { createPatient, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT, MOCK_SMTP_PORT } from './support/env.js'
import { linkIn, waitForEmail } from './support/mailbox.js'
import { openWeekdays } from './support/open-days.js'
import { startExtraStack, type ExtraStack } from './support/extra-stack.js'
import { expectNoAxeViolations, WCAG_22_AA } from './support/axe.js'

/**
 * A reminder delivered at its time: staff confirm a request, and when the reminder falls
 * due the patient gets the e-mail, whose link cancels the visit. The text beside it is kept, never
 * sent, with the local provider, and the patient's page says so.
 *
 * Visits start on the half hour within opening hours, at least three days ahead online, so no fixed
 * offset falls due minutes after a journey confirms one. This journey's stack (its own, as the
 * shared one's settings are fixed) is started with offsets counted back from the visit it will
 * book: due about a minute from now, then every minute for four more (a busy machine may take
 * longer to confirm, and a reminder that fell due before the confirmation is skipped by design).
 */
const PORT = E2E_PORT + 60
const PASSWORD = 'Quartz-Meadow-Harbor-41'

test.describe.configure({ timeout: 240_000 })

let stack: ExtraStack | undefined
test.afterAll(async () => {
  await stack?.stop()
})

test('staff confirm a request; the reminder e-mail arrives at its time with a working cancel link; the text is shown as not sent', async ({ page, request }) => {
  // The visit: the first free morning time on the first day open online, read from the shared stack (same rules, same clinics).
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const gainesville = locations.find((l) => l.name === 'Gainesville')!.uid
  const followUpOf = async (api: APIRequestContext) =>
    ((await (await api.get(`/api/scheduling/appointment-types?location_uid=${gainesville}`)).json()) as Array<{ id: string; name: string }>).find((t) => t.name === 'Follow-up')!.id
  const sharedType = await followUpOf(request)
  let date = ''
  let visit: { time: string; starts_at: string } | undefined
  for (const day of (await openWeekdays(request, 0)).slice(0, 5)) {
    const { times } = (await (await request.get(`/api/scheduling/availability?location_uid=${gainesville}&appointment_type_id=${sharedType}&date=${day}`)).json()) as {
      times: Array<{ time: string; starts_at: string }>
    }
    visit = times[0]
    date = day
    if (visit) break
  }
  if (!visit) throw new Error('no free Follow-up time on the first open days')
  // The first falls due 40 to 100 s from now (about what starting the stack and confirming take here).
  const minutesAway = Math.floor((Date.parse(visit.starts_at) - Date.now() - 40_000) / 60_000)
  const offsets = [0, 1, 2, 3, 4].map((m) => minutesAway - m)
  test.skip(offsets[0]! > 9999, `the first day open online is ${minutesAway} minutes away: more than a reminder offset can say`)

  stack = await startExtraStack(PORT, {
    SMTP_URL: `smtp://127.0.0.1:${MOCK_SMTP_PORT}`,
    APPOINTMENT_REMINDERS: offsets.map((m) => `${m}m`).join(','),
    REMINDER_SWEEP_SECONDS: '2',
  })
  const api = await apiRequest.newContext({ baseURL: stack.url })
  const email = uniqueEmail('reminded')
  const last = `Reminded${uniqueLetters()}`
  const patient = await createPatient(api, { first_name: 'Rhea', last_name: last, email, phone: '(770) 555-0166', password: PASSWORD })
  const booked = await api.post('/api/scheduling/bookings', {
    data: {
      first_name: 'Rhea', last_name: last, email, phone: '(770) 555-0166', location: gainesville, appointment_type_id: await followUpOf(api), date, time: visit.time,
      address_line1: '5 Oak Lane', city: 'Gainesville', state: 'GA', zip_code: '30501',
    },
  })
  expect(booked.status(), await booked.text()).toBe(201)
  await api.dispose()

  // Staff confirm it in the Appointments tab.
  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD, 'en', stack.url)
  await page.goto(`${stack.url}/admin?tab=appointments`)
  const pending = page.getByRole('listitem').filter({ hasText: `Follow-up · Rhea ${last}` })
  await pending.getByRole('button', { name: /^Confirm:/ }).click()
  await expect(page.getByText('Appointment confirmed')).toBeVisible()
  const confirmedAt = Date.now()
  test.info().annotations.push({ type: 'timing', description: `confirmed ${Math.round((Date.parse(visit.starts_at) - offsets[0]! * 60_000 - confirmedAt) / 1000)} s before the first reminder fell due` })
  expect(confirmedAt, 'confirmed before the last reminder fell due').toBeLessThan(Date.parse(visit.starts_at) - offsets.at(-1)! * 60_000)

  // At its time, the reminder e-mail (the confirmation came first).
  await waitForEmail(email, /Your Follow-up appointment is confirmed/)
  const reminder = await waitForEmail(email, /^Reminder: your Follow-up appointment on /, 150_000)
  expect(Date.parse(reminder.receivedAt), 'not before it fell due').toBeGreaterThanOrEqual(Date.parse(visit.starts_at) - offsets[0]! * 60_000 - 1_000)
  expect(reminder.text).toContain('Gainesville')

  // Its link cancels the visit.
  const link = new URL(linkIn(reminder, '/cancel-appointment'))
  expect(link.origin).toBe(stack.url)
  const patientPage = await page.context().browser()!.newPage()
  await patientPage.goto(link.toString())
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Cancel your appointment' })).toBeVisible()
  await expect(patientPage.getByText('Confirmed', { exact: true })).toBeVisible()
  await patientPage.getByRole('button', { name: 'Cancel this appointment' }).click()
  await expect(patientPage.getByText('This appointment is cancelled.', { exact: false })).toBeVisible()
  await patientPage.close()

  // With the local provider the reminder text was not sent: the patient's page says so.
  const texts = page.getByRole('region', { name: 'Texts sent' })
  const text = texts.getByRole('listitem').first()
  await expect(async () => {
    await page.goto(`${stack!.url}/admin/patients/${patient.id}`)
    await expect(text).toContainText('Local only', { timeout: 5_000 })
  }).toPass({ timeout: 30_000 })
  await expect(text).toContainText('Appointment reminder (text)')
  await expect(text).toContainText('To (770) 555-0166')
  await text.getByText('Appointment reminder (text)').click()
  await expect(text).toContainText('Not sent — stored locally')
  await expectNoAxeViolations(page, 'the Texts sent part', { include: 'section[aria-labelledby="patient-texts"]', tags: WCAG_22_AA })
})
