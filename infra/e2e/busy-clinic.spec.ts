import { expect, request as apiRequest, test, type APIRequestContext, type Page } from '@playwright/test'

import { postAsked, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { E2E_PORT, ADMIN_EMAIL, ADMIN_PASSWORD, MOCK_SMTP_PORT } from './support/env.js'
import { waitForEmail } from './support/mailbox.js'
import { openWeekdays } from './support/open-days.js'
import { seedBusyClinic } from './support/busy-clinic.js'
import { startExtraStack, type ExtraStack } from './support/extra-stack.js'
import { expectNoAxeViolations, WCAG_22_AA } from './support/axe.js'

/**
 * A real clinic day: two online requests wait while 160 visits are made after them, so neither is
 * among the newest 100 Recent Appointments lists. Both stay in reach: counted, listed oldest
 * first, confirmed from the schedule, declined from the Inbox's link. On a stack of this journey's
 * own, so its 160 visits push no other journey's items off the shared stack's lists.
 */
const PORT = E2E_PORT + 53

test.describe.configure({ timeout: 300_000 })

let stack: ExtraStack | undefined
test.afterAll(async () => {
  await stack?.stop()
})

const axe = (page: Page, what: string) => expectNoAxeViolations(page, what, { include: 'main', tags: WCAG_22_AA })

async function requestOnline(api: APIRequestContext, who: { last: string; email: string }, location: string, typeId: string, date: string, time: string) {
  // A stack that has just started may answer 503 with Retry-After for a moment: asked again then.
  const res = await postAsked(api, '/api/scheduling/bookings', {
    data: { first_name: 'Nora', last_name: who.last, email: who.email, phone: '(770) 555-0191', location, appointment_type_id: typeId, date, time, address_line1: '7 Mill Road', city: 'Gainesville', state: 'GA', zip_code: '30501' },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: string; starts_at: string }
}

test('requests older than the newest 100 are counted, listed oldest first, confirmed from the schedule and declined from the Inbox link', async ({ page }) => {
  stack = await startExtraStack(PORT, { SMTP_URL: `smtp://127.0.0.1:${MOCK_SMTP_PORT}`, BOOKING_MAX_PENDING_PER_VISITOR: '50' })
  const api = await apiRequest.newContext({ baseURL: stack.url })
  // Ready, the stack may still be loading its clinics for a moment.
  let locations: Array<{ uid: string; name: string }> = []
  await expect.poll(async () => (locations = (await (await api.get('/api/messaging/locations')).json()) as typeof locations), { timeout: 30_000 }).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Gainesville' })]))
  const gainesville = locations.find((l) => l.name === 'Gainesville')!.uid
  const types = (await (await api.get(`/api/scheduling/appointment-types?location_uid=${gainesville}`)).json()) as Array<{ id: string; name: string }>
  const repair = types.find((t) => t.name === 'Repair')!.id

  // Two requests first (the first open day online, two free times), then the busy weeks.
  const day = (await openWeekdays(api, 0))[0]!
  const { times } = (await (await api.get(`/api/scheduling/availability?location_uid=${gainesville}&appointment_type_id=${repair}&date=${day}`)).json()) as { times: Array<{ time: string; label: string }> }
  const stamp = uniqueLetters()
  const older = { last: `Older${stamp}`, email: uniqueEmail('older') }
  const newer = { last: `Newer${stamp}`, email: uniqueEmail('newer') }
  await requestOnline(api, older, gainesville, repair, day, times[0]!.time)
  await requestOnline(api, newer, gainesville, repair, day, times[2]!.time)
  const busy = await seedBusyClinic(api, { count: 160 })
  expect(busy.visits).toHaveLength(160)
  await api.dispose()

  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD, 'en', stack.url)
  await page.goto(`${stack.url}/admin?tab=appointments`)

  // The true count, though the newest 100 hold no request.
  await expect(page.getByRole('link', { name: '2 requests waiting for a decision.' })).toBeVisible({ timeout: 20_000 })
  const waiting = page.getByRole('region', { name: 'Requests waiting for a decision' })
  const rows = waiting.getByRole('row')
  await expect(rows).toHaveCount(3) // the header, then the longest waiting first
  await expect(rows.nth(1)).toContainText(`Nora ${older.last}`)
  await expect(rows.nth(2)).toContainText(`Nora ${newer.last}`)
  await axe(page, 'the Appointments tab of a busy clinic')

  // The schedule of that day offers the decision for the older request.
  const schedule = page.getByRole('region', { name: 'Schedule' })
  await schedule.getByLabel('Day', { exact: true }).fill(day)
  const visit = schedule.getByRole('listitem').filter({ hasText: `Nora ${older.last}` })
  await expect(visit).toContainText('Pending')
  await visit.getByRole('button', { name: /^Confirm: / }).click()
  await expect(page.getByText('Appointment confirmed')).toBeVisible()
  await expect(visit).toContainText('Confirmed')
  await expect(page.getByRole('link', { name: '1 request waiting for a decision.' })).toBeVisible()
  await expect(rows).toHaveCount(2)
  const confirmation = await waitForEmail(older.email, /Your Repair appointment is confirmed/)
  expect(confirmation.attachments.some((a) => a.filename === 'appointment.ics')).toBe(true)

  // The Inbox's link to the newer one lands on it, with its buttons.
  await page.goto(`${stack.url}/admin?tab=inbox`)
  const message = page.getByRole('listitem').filter({ hasText: newer.last })
  await expect(message).toContainText('Appointment: Pending', { timeout: 30_000 })
  await message.getByRole('link', { name: 'Open the appointment' }).click()
  const opened = page.getByRole('region', { name: 'The appointment you opened' }).getByRole('listitem').filter({ hasText: `Repair · Nora ${newer.last}` })
  await expect(opened).toBeFocused()
  page.once('dialog', (dialog) => void dialog.accept())
  await opened.getByRole('button', { name: /^Decline: / }).click()
  await expect(page.getByText('Request declined')).toBeVisible()
  await expect(opened).toContainText('Declined')
  await expect(page.getByRole('link', { name: '0 requests waiting for a decision.' })).toBeVisible()
  await expect(waiting.getByRole('table')).toHaveCount(0)
  await waitForEmail(newer.email, /About your appointment request/)
  await axe(page, 'the Appointments tab with an appointment opened from the Inbox')
})
