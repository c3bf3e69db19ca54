import { clinicToday, type Appointment } from '@hearing/contracts'
import { expect, test, type Route } from '@playwright/test'

import { signInWithForm } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js'
import { expectNoAxeViolations, WCAG_22_AA } from './support/axe.js'

/**
 * The front desk tells a visit's outcome by keyboard and undoes a wrong press: the keyboard stays
 * on the visit, the toast and the visit both offer Undo. An outcome is told only once a visit has
 * started, and a journey cannot start one on the server's clock: the schedule's two visits of today
 * and the scheduling service's answers to the outcome calls are played by the page's network
 * (the service's own rules, same-day undo and its audit, are its tap tests': schedule.test.ts).
 */

const today = clinicToday()

function startedVisit(id: string, last: string, time: string, label: string): Appointment {
  const startsAt = new Date(Date.now() - 60 * 60_000).toISOString()
  return {
    id, location_uid: 'gainesville', location_name: 'Gainesville', appointment_type: 'Follow-up', appointment_type_id: 'type-1', appointment_date: today, appointment_time: time,
    when: `Today at ${label}`, starts_at: startsAt, ends_at: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(), status: 'confirmed', source: 'staff',
    first_name: 'Ida', last_name: last, email: `${last.toLowerCase()}@example.com`, phone: '(770) 555-0123', notes: null, created_at: startsAt, cancelled_by: null, can_cancel: false,
    hearing_self_check: null, language: 'en',
  }
}

test('an outcome pressed by keyboard is undone from the toast and from the visit, the keyboard staying on the visit', async ({ page }) => {
  const visits = [startedVisit('visit-1', 'Early', '09:00', '9:00 AM'), startedVisit('visit-2', 'Later', '09:30', '9:30 AM')]
  const outcomes: string[] = []
  await page.route('**/api/scheduling/admin/schedule?*', (route: Route) => route.fulfill({ json: visits, headers: { 'cache-control': 'no-store' } }))
  await page.route('**/api/scheduling/admin/appointments/*/*', async (route: Route) => {
    const [, id, action] = /appointments\/([^/]+)\/([^/?]+)/.exec(route.request().url())!
    const visit = visits.find((v) => v.id === id)
    if (!visit || route.request().method() !== 'POST') return route.fallback()
    visit.status = action === 'complete' ? 'completed' : action === 'no-show' ? 'no_show' : 'confirmed'
    outcomes.push(`${id} ${action}`)
    return route.fulfill({ json: visit })
  })

  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto('/admin?tab=appointments')
  const schedule = page.getByRole('region', { name: 'Schedule' })
  const early = schedule.getByRole('listitem').filter({ hasText: 'Ida Early' })
  const later = schedule.getByRole('listitem').filter({ hasText: 'Ida Later' })
  await expect(early.getByRole('button', { name: 'Completed: Ida Early, 9:00 AM', exact: true })).toBeVisible()

  // By keyboard: No-show pressed by mistake.
  await early.getByRole('button', { name: 'Completed: Ida Early, 9:00 AM', exact: true }).focus()
  await page.keyboard.press('Tab')
  await expect(early.getByRole('button', { name: 'No-show: Ida Early, 9:00 AM', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(early).toContainText('No-show')
  const undoOnVisit = early.getByRole('button', { name: 'Undo No-show: Ida Early, 9:00 AM' })
  await expect(undoOnVisit, 'the keyboard stays on the visit').toBeFocused()
  const toast = page.getByRole('alert').filter({ hasText: 'Marked a no-show' })
  await expect(toast).toContainText('Ida Early, 9:00 AM.')
  await expectNoAxeViolations(page, 'the schedule with an outcome to undo', { include: 'main', tags: WCAG_22_AA })

  // Undone from the toast: confirmed again, the keyboard on the visit's first button.
  await toast.getByRole('button', { name: 'Undo the outcome of Ida Early, 9:00 AM' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Outcome undone' })).toContainText('Ida Early, 9:00 AM: confirmed again.')
  await expect(early).toContainText('Confirmed')
  await expect(early.getByRole('button', { name: 'Completed: Ida Early, 9:00 AM', exact: true })).toBeFocused()

  // The right outcome, then an undo from the visit itself, by keyboard.
  await page.keyboard.press('Enter')
  await expect(early, `outcomes told: ${outcomes.join(', ')}`).toContainText('Completed')
  await expect(early.getByRole('button', { name: 'Undo Completed: Ida Early, 9:00 AM' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(early.getByRole('button', { name: 'Completed: Ida Early, 9:00 AM', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(early.getByRole('button', { name: 'Undo Completed: Ida Early, 9:00 AM' })).toBeFocused()

  // The next visit is the next stop of the keyboard: its phone, then its button.
  await page.keyboard.press('Tab')
  await expect(later.getByRole('link', { name: '(770) 555-0123' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(later.getByRole('button', { name: 'Completed: Ida Later, 9:30 AM', exact: true })).toBeFocused()
  expect(outcomes).toEqual(['visit-1 no-show', 'visit-1 undo-outcome', 'visit-1 complete', 'visit-1 undo-outcome', 'visit-1 complete'])
})
