import { readFileSync } from 'node:fs'

import { expect, test, type Page } from '@playwright/test'

import { createPatient, postAsked, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { BASE_URL } from './support/env.js'
import { linkIn, waitForEmail } from './support/mailbox.js'
import { openWeekdays } from './support/open-days.js'
import { expectNoAxeViolations } from './support/axe.js'

const PASSWORD = 'Copper-Kettle-Morning-17'
// A number no other journey uses: the data of everyone who gave this phone is found with it (see the README).
const PHONE = '(770) 555-0114'
const SHOTS = 'test-results/personal-data'

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
}

test('a customer with a booking, a message and an order request downloads their data, deletes the account by the e-mailed link and signs up again', async ({ page, request }) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('privacy')
  const lastName = `Vacy${uniqueLetters()}`
  await createPatient(request, { first_name: 'Pia', last_name: lastName, email, phone: PHONE, password: PASSWORD })

  // A booking while signed in, a contact message and an order request signed out with the same phone and address.
  const token = ((await (await postAsked(request, '/api/identity/sign-in', { data: { email, password: PASSWORD } })).json()) as { access_token: string }).access_token
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const gainesville = locations.find((l) => l.name === 'Gainesville')!.uid
  const types = (await (await request.get(`/api/scheduling/appointment-types?location_uid=${gainesville}`)).json()) as Array<{ id: string; name: string }>
  // 14:30 is offered Monday to Thursday only: the clinic closes at 1 PM on Fridays.
  const days = (await openWeekdays(request, 30)).filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() !== 5)
  const booked = await request.post('/api/scheduling/bookings', {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: 'Pia', last_name: lastName, email, phone: PHONE, location: gainesville, appointment_type_id: types.find((t) => t.name === 'Hearing Evaluation')!.id, date: days[Math.floor(Math.random() * Math.min(days.length, 40))], time: '14:30', address_line1: '4 Elm Court', city: 'Gainesville', state: 'GA', zip_code: '30501' },
  })
  expect(booked.status(), await booked.text()).toBe(201)
  const message = await request.post('/api/messaging/contact', { headers: { origin: BASE_URL }, data: { first_name: 'Pia', last_name: lastName, phone: PHONE, location_uid: gainesville, message: 'Can I bring my daughter to the evaluation?' } })
  expect(message.status(), await message.text()).toBe(202)
  const ordered = await request.post('/api/catalogue/orders', { headers: { origin: BASE_URL }, data: { first_name: 'Pia', last_name: lastName, email, phone: PHONE, location_uid: gainesville, items: [{ id: 'oticon-zircon-2', quantity: 1 }] } })
  expect(ordered.status(), await ordered.text()).toBe(201)

  await signInWithForm(page, email, PASSWORD)
  await page.goto('/profile')
  const section = page.getByRole('region', { name: 'Your Data' })
  await expect(section).toBeVisible()
  await screenshots(page, 'profile')
  await page.setViewportSize({ width: 1366, height: 900 })

  // The file holds every service's part.
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download my data' }).click()])
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { parts: Array<{ service: string; sections: Array<{ key: string; records: Array<Record<string, unknown>> }> }>; missing: string[] }
  expect(file.missing).toEqual([])
  expect(file.parts.map((p) => p.service).sort()).toEqual(['catalogue', 'content', 'identity', 'messaging-sync', 'scheduling', 'this browser'])
  const records = (service: string, key: string) => file.parts.find((p) => p.service === service)!.sections.find((s) => s.key === key)!.records
  expect(records('identity', 'profile')[0]).toMatchObject({ email, last_name: lastName })
  expect(records('scheduling', 'appointments')).toHaveLength(1)
  expect(records('catalogue', 'order-requests')).toMatchObject([{ email, status: 'new' }])
  expect(records('messaging-sync', 'messages').map((m) => m.kind).sort()).toEqual(['booking', 'contact', 'order'])
  expect(records('messaging-sync', 'emails').length).toBeGreaterThan(0)
  expect(records('this browser', 'consent')).toHaveLength(1)

  // The same, readable.
  await section.getByRole('link', { name: 'See my data' }).click()
  await expect(page).toHaveURL(/\/profile\/my-data$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Appointments' })).toBeVisible()
  for (const heading of ['Your account', 'Hearing aid orders', 'Messages and e-mails', 'This browser']) await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  await expect(page.getByText('Can I bring my daughter to the evaluation?', { exact: false })).toBeVisible()
  await expectNoAxeViolations(page, 'my data')
  await screenshots(page, 'my-data')
  await page.setViewportSize({ width: 1366, height: 900 })

  // Deleting: what is kept and why first, then a link by e-mail.
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' })
  await expect(dialog.getByText('Appointments that took place:')).toBeVisible()
  await expect(dialog.getByText(/must keep a record of the care it gave/)).toBeVisible()
  await screenshots(page, 'delete-dialog')
  await page.setViewportSize({ width: 1366, height: 900 })
  await dialog.getByRole('button', { name: 'Email me the link' }).click()
  await expect(page.getByRole('status').filter({ hasText: `We sent a link to ${email}` })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible()

  const mail = await waitForEmail(email, /Confirm the deletion of your/)
  await page.goto(linkIn(mail, '/delete-account'))
  await expect(page.getByRole('heading', { level: 1, name: 'Delete your account' })).toBeVisible()
  await expectNoAxeViolations(page, 'delete your account')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeFocused()
  await expect(page.getByText('Your account and your personal data have been erased.')).toBeVisible()
  await screenshots(page, 'deleted')
  await page.setViewportSize({ width: 1366, height: 900 })

  // Gone: the old password no longer signs in, and the address signs up afresh.
  expect((await postAsked(request, '/api/identity/sign-in', { data: { email, password: PASSWORD } })).status()).toBe(401)
  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  const form = page.getByRole('form', { name: 'Sign up' })
  await form.getByLabel('First name').fill('Pia')
  await form.getByLabel('Last name').fill(lastName)
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Phone').fill(PHONE)
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await form.getByLabel('Confirm password').fill(PASSWORD)
  await form.getByLabel('Preferred location').selectOption({ label: 'Gainesville' })
  await form.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/signup-success$/)
})
