import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'

import { adminToken, createPatient, postAsked, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js'
import { expectNoAxeViolations, WCAG_22_AA } from './support/axe.js'

/**
 * The audit trail: what a staff member reads and changes of a patient shows in the admins'
 * Activity tab, filtered by patient, exported as CSV; staff see no such tab and the API refuses them.
 */

test.describe.configure({ timeout: 150_000 })


async function signOut(page: Page) {
  await page.context().clearCookies()
  await page.goto('/')
}

test("a staff member's reads and changes of a patient appear in the admin's Activity tab", async ({ page, request }) => {
  const staffEmail = uniqueEmail('audit.staff')
  const staffPassword = 'Quiet-Harbor-Willow-42'
  const staff = await createPatient(request, { first_name: 'Audra', last_name: 'Staffer', email: staffEmail, password: staffPassword })
  const token = await adminToken(request)
  const promoted = await request.patch(`/api/identity/admin/users/${staff.id}/role`, { data: { role: 'staff' }, headers: { authorization: `Bearer ${token}` } })
  expect(promoted.status(), await promoted.text()).toBe(200)
  const patientLast = `Audited${uniqueLetters()}`
  const patient = await createPatient(request, { first_name: 'Pearl', last_name: patientLast, email: uniqueEmail('audit.patient'), password: 'Amber-Falcon-River-88' })

  // A wrong password first: refused, and on record for a staff account.
  const guessed = await postAsked(request, '/api/identity/sign-in', { data: { email: staffEmail, password: 'Wrong-Harbor-Willow-42' } })
  expect(guessed.status()).toBe(401)

  // The staff member signs in, looks at the users (and so the patient) in the dashboard, then opens the patient's record.
  await signInWithForm(page, staffEmail, staffPassword)
  // The Users tab shows 25 a page (other journeys add users meanwhile): the patient searched for.
  await page.goto(`/admin?q=${encodeURIComponent(patient.email)}`)
  await expect(page.getByRole('row').filter({ hasText: patient.email })).toBeVisible()
  await expect(page.getByRole('tab')).toHaveText(['Users', 'Appointments', 'Orders', 'Inbox'])
  const signedIn = await postAsked(request, '/api/identity/sign-in', { data: { email: staffEmail, password: staffPassword } })
  const staffToken = ((await signedIn.json()) as { access_token: string }).access_token
  const read = await request.get(`/api/identity/admin/users/${patient.id}`, { headers: { authorization: `Bearer ${staffToken}` } })
  expect(read.status()).toBe(200)
  const change = await request.patch(`/api/identity/admin/users/${patient.id}/role`, { data: { role: 'staff' }, headers: { authorization: `Bearer ${staffToken}` } })
  expect(change.status(), 'staff may not change roles: the attempt is refused, and recorded').toBe(403)
  const forbidden = await request.get('/api/identity/admin/activity', { headers: { authorization: `Bearer ${staffToken}` } })
  expect(forbidden.status(), 'staff cannot read the activity').toBe(403)
  await signOut(page)

  // The admin finds all of it in the Activity tab.
  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto('/admin?tab=activity')
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible()
  const filters = page.getByRole('form', { name: 'Filter activity' })
  await filters.getByLabel('Patient').fill(patientLast)
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  const entries = page.getByTestId('activity-entry')
  await expect(entries.filter({ hasText: 'Viewed a user' }).filter({ hasText: 'By Audra Staffer (staff)' })).toContainText(`Patient: Pearl ${patientLast}`)
  await expect(entries.filter({ hasText: 'Changed a role' }).filter({ hasText: 'By Audra Staffer (staff)' })).toContainText('Refused (403)')

  await filters.getByLabel('Patient').fill('')
  await filters.getByLabel('Staff member').fill(staffEmail)
  await filters.getByLabel('Action').selectOption({ label: 'Signed in' })
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await expect(entries.first()).toContainText('By Audra Staffer (staff)')
  await expect(entries.first()).toContainText('Signed in')

  await expectNoAxeViolations(page, 'the activity log', { tags: WCAG_22_AA })

  const [download] = await Promise.all([page.waitForEvent('download'), filters.getByRole('button', { name: 'Export CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync((await download.path())!, 'utf8')
  expect(csv).toContain('"staff.sign-in"')
  expect(csv).toContain(`"${staffEmail}"`)

  // The wrong password before the sign-in is on record too.
  await filters.getByLabel('Action').selectOption({ label: 'Failed to sign in (wrong password)' })
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await expect(entries).toHaveCount(1)
  await expect(entries.first()).toContainText('By Audra Staffer (staff)')
  await expect(entries.first()).toContainText('Refused (401)')

  // The export itself is on record.
  await filters.getByLabel('Staff member').fill(ADMIN_EMAIL)
  await filters.getByLabel('Action').selectOption({ label: 'Exported the activity log' })
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await expect(entries.first()).toContainText('Exported the activity log')
})

test("the retention purge each service ran when the stack started is in the admin's Activity tab, done by the system", async ({ page }) => {
  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto('/admin?tab=activity')
  const filters = page.getByRole('form', { name: 'Filter activity' })
  await filters.getByLabel('Action').selectOption({ label: 'Removed records past their retention period' })
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  const entries = page.getByTestId('activity-entry')
  // messaging-sync (messages, e-mails), catalogue (order requests) and content (analytics events).
  for (const kind of ['message', 'email', 'order', 'analytics-event']) {
    await expect(entries.filter({ hasText: new RegExp(`(^|\\W)${kind} · \\d+ removed: created before`) }).first()).toContainText('By the system (scheduled job)')
  }
  await expectNoAxeViolations(page, 'the activity log', { tags: WCAG_22_AA })
})
