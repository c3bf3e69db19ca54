import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext } from '@playwright/test'

import { adminToken, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js'
import { waitForEmail } from './support/mailbox.js'
import { openWeekdays } from './support/open-days.js'
import { expectNoAxeViolations } from './support/axe.js'

/**
 * A clinic closed for a day after visits were booked on it (a power outage): the closure names the
 * visits, the schedule marks the day, and staff move one visit and cancel the rest, each patient
 * told by e-mail. (That no reminder goes out for them is the scheduling service's tap test.)
 */

test.describe.configure({ timeout: 150_000 })

async function staffVisit(request: APIRequestContext, token: string, visit: { date: string; time: string; last: string; email: string }) {
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const dawsonville = locations.find((l) => l.name === 'Dawsonville')!
  const types = (await (await request.get(`/api/scheduling/appointment-types?location_uid=${dawsonville.uid}`)).json()) as Array<{ id: string; name: string }>
  const res = await request.post('/api/scheduling/admin/appointments', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      user_id: randomUUID(),
      user_info: { first_name: 'Ida', last_name: visit.last, email: visit.email },
      location: dawsonville.uid,
      appointment_type_id: types.find((t) => t.name === 'Follow-up')!.id,
      appointment_date: visit.date,
      appointment_time: visit.time,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { ...((await res.json()) as { id: string }), location_uid: dawsonville.uid }
}

test('a day closed after visits were booked: they are named and marked on the schedule, one is moved and the rest cancelled with the patients told', async ({ page, request }) => {
  // Far ahead, at Dawsonville: clear of the days the booking journeys pick.
  const [day, laterDay] = (await openWeekdays(request, 60, 'Dawsonville')).filter((d) => new Date(`${d}T12:00:00Z`).getUTCDay() <= 4)
  const token = await adminToken(request)
  const moving = { last: `Mover${uniqueLetters()}`, email: uniqueEmail('closure-moved') }
  const staying = { last: `Stayer${uniqueLetters()}`, email: uniqueEmail('closure-cancelled') }
  const moved = await staffVisit(request, token, { date: day!, time: '09:00', ...moving })
  await staffVisit(request, token, { date: day!, time: '10:00', ...staying })
  test.info().annotations.push({ type: 'day', description: day! })

  try {
    await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.goto('/admin?tab=appointments')
    const closing = page.getByRole('form', { name: 'Close a clinic for a day' })
    await closing.getByLabel('Location').selectOption({ label: 'Dawsonville' })
    await closing.getByLabel('Date').fill(day!)
    await closing.getByLabel('Reason (optional)').fill('Power outage')
    await closing.getByRole('button', { name: 'Close this day' }).click()
    const closedToast = page.getByRole('alert').filter({ hasText: 'Day closed' })
    await expect(closedToast).toContainText(`Still booked that day, with no reminders: Ida ${moving.last} (9:00 AM), Ida ${staying.last} (10:00 AM).`)

    // The schedule of that day at Dawsonville marks the closure and what it means for the visits.
    const schedule = page.getByRole('region', { name: 'Schedule' })
    await schedule.getByLabel('Clinic').selectOption({ label: 'Dawsonville' })
    await schedule.getByLabel('Day', { exact: true }).fill(day!)
    const notice = schedule.getByRole('note', { name: 'Closed: Dawsonville' })
    await expect(notice).toContainText('Dawsonville is closed (Power outage). 2 visits still booked: no reminders go out for them. Move or cancel each, or cancel them all.')
    await expect(page.getByRole('listitem').filter({ hasText: 'Power outage' })).toContainText('2 visits still booked')
    await expectNoAxeViolations(page, 'the schedule of a closed day', { include: 'main' })

    // One visit moves to another day: the patient is e-mailed the new time.
    const movedVisit = schedule.getByRole('listitem').filter({ hasText: `Ida ${moving.last}` })
    await movedVisit.getByRole('button', { name: `Move: Ida ${moving.last}, 9:00 AM` }).click()
    const moveForm = movedVisit.getByRole('form', { name: `Move the visit of Ida ${moving.last}` })
    await moveForm.getByLabel('New day').fill(laterDay!)
    await moveForm.getByLabel('New time (Eastern Time)').selectOption({ label: '9:00 AM' })
    await moveForm.getByRole('button', { name: 'Move the visit' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Appointment moved' })).toContainText(`Ida ${moving.last}`)
    await expect(notice).toContainText('1 visit still booked: no reminders go out for it.')

    // The rest are cancelled at once, after a question, and each patient is told why.
    await notice.getByRole('button', { name: /^Cancel all 1 visit/ }).click()
    const dialog = page.getByRole('alertdialog', { name: /^Cancel 1 visit at Dawsonville/ })
    await expect(dialog).toContainText('Each patient is e-mailed that the visit is cancelled because the clinic is closed that day')
    await expectNoAxeViolations(page, 'the question before cancelling a closed day’s visits')
    await dialog.getByRole('button', { name: 'Cancel 1 visit' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Visits cancelled' })).toContainText('1 visit at Dawsonville')
    await expect(schedule.getByRole('listitem').filter({ hasText: `Ida ${staying.last}` })).toContainText('Cancelled')
    await expect(notice).toHaveText('Dawsonville is closed (Power outage).')

    const cancelledMail = await waitForEmail(staying.email, /is cancelled/)
    expect(cancelledMail.text).toContain('Our Dawsonville clinic is closed that day.')
    const movedMail = await waitForEmail(moving.email, /has moved to/)
    expect(movedMail.text).not.toContain('closed')
    const kept = await request.get(`/api/scheduling/admin/schedule?from=${laterDay}&days=1&location_uid=${moved.location_uid}`, { headers: { authorization: `Bearer ${token}` } })
    expect(((await kept.json()) as Array<{ id: string; status: string }>).find((v) => v.id === moved.id)?.status).toBe('confirmed')
  } finally {
    await request.delete(`/api/scheduling/admin/closed-dates/${moved.location_uid}/${day}`, { headers: { authorization: `Bearer ${token}` } })
  }
})
