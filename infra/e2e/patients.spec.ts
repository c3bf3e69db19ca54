import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { adminToken, postAsked, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env.js'
import { emailsTo, waitForEmail } from './support/mailbox.js'
import { openWeekdays } from './support/open-days.js'
import { expectNoAxeViolations, withCookieChoice } from './support/axe.js'

/** Patients: staff find a patient, read their page, correct them, and deactivate the account. */

const PASSWORD = 'Harbor-Lantern-Quiet-58'
const SCREENSHOTS = process.env.PATIENTS_SCREENSHOTS

const axe = (page: Page, what: string) => expectNoAxeViolations(page, what, { include: 'main', tags: 'all' })

/** POST /api/identity/admin/patients as the admin (a password: a confirmed account; none: an invitation). */
async function newAccount(request: APIRequestContext, token: string, data: Record<string, string>) {
  const res = await postAsked(request, '/api/identity/admin/patients', { data, headers: { authorization: `Bearer ${token}` } })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: string }
}

/** A valid US number (555-01xx, the fictional range) in an area code the other journeys leave alone. */
const uniquePhone = () => `${['229', '478', '912'][Math.floor(Math.random() * 3)]}55501${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`

/** A staff member (made by the admin) signed in through the form. */
async function signInAsStaff(page: Page, request: APIRequestContext) {
  const email = uniqueEmail('desk')
  const token = await adminToken(request)
  const staff = await newAccount(request, token, { first_name: 'Dana', last_name: 'Desk', email, password: PASSWORD })
  expect((await request.patch(`/api/identity/admin/users/${staff.id}/role`, { data: { role: 'staff' }, headers: { authorization: `Bearer ${token}` } })).status()).toBe(200)
  await signInWithForm(page, email, PASSWORD)
}

/**
 * A patient with history: an unconfirmed sign-up, a booking made signed out with the same address,
 * an order request and a contact-form message from their phone.
 */
async function patientWithHistory(request: APIRequestContext, lastName: string) {
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const clinic = locations.find((l) => l.name === 'Dawsonville')!
  const email = uniqueEmail('history')
  const digits = uniquePhone()
  const phone = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
  const signUp = await postAsked(request, '/api/identity/sign-up', {
    headers: { origin: BASE_URL },
    data: { first_name: 'Hattie', last_name: lastName, email, phone, password: PASSWORD, preferred_location_uid: clinic.uid },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)

  const types = (await (await request.get(`/api/scheduling/appointment-types?location_uid=${clinic.uid}`)).json()) as Array<{ id: string; name: string }>
  const type = types.find((t) => t.name === 'Repair')!
  const days = await openWeekdays(request, 21, 'Dawsonville')
  let booked = false
  for (const date of days.reverse()) {
    const free = (await (await request.get(`/api/scheduling/availability?location_uid=${clinic.uid}&appointment_type_id=${type.id}&date=${date}`)).json()) as { times: Array<{ time: string }> }
    const time = free.times.at(-1)?.time
    if (!time) continue
    const res = await request.post('/api/scheduling/bookings', {
      data: { first_name: 'Hattie', last_name: lastName, email, phone, location: clinic.uid, appointment_type_id: type.id, date, time, address_line1: '9 Creek Road', city: 'Dawsonville', state: 'GA', zip_code: '30534' },
    })
    if (res.status() === 409) continue
    expect(res.status(), await res.text()).toBe(201)
    booked = true
    break
  }
  expect(booked, 'a free time for the booking').toBe(true)

  const order = await request.post('/api/catalogue/orders', {
    headers: { origin: BASE_URL },
    data: { first_name: 'Hattie', last_name: lastName, email, phone, location_uid: clinic.uid, items: [{ id: 'oticon-zircon-2', quantity: 1 }] },
  })
  expect(order.status(), await order.text()).toBe(201)
  const contact = await request.post('/api/messaging/contact', {
    headers: { origin: BASE_URL },
    data: { first_name: 'Hattie', last_name: lastName, phone: `+1${digits}`, location_uid: clinic.uid, message: 'Please call me about my hearing aids.' },
  })
  expect(contact.status(), await contact.text()).toBeLessThan(300)
  return { email, digits, phone }
}

/** With PATIENTS_SCREENSHOTS=<folder>: the page at phone and desktop widths (the phone's first 2,000 px, to be read). */
const shoot = async (page: Page, name: string) => {
  if (!SCREENSHOTS) return
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true, ...(width < 400 ? { clip: { x: 0, y: 0, width, height: 2000 } } : {}) })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

test('staff find a patient by phone, read their page, correct the phone, resend the confirmation, deactivate and reactivate', async ({ page, request }) => {
  // A whole front-desk visit (a sign-up, a booking, an order, a message, five axe scans, the e-mails):
  // on a busy 2-core machine it takes longer than one page's journey.
  test.setTimeout(180_000)
  // The cookie notice would cover the pages being looked at: decided up front.
  await withCookieChoice(page)
  const lastName = `History-${uniqueLetters()}`
  const patient = await patientWithHistory(request, lastName)
  await signInAsStaff(page, request)
  await page.goto('/admin')

  // Found by phone, typed another way than it was stored.
  const search = page.getByRole('searchbox', { name: 'Search by name, e-mail or phone' })
  await search.fill(`+1${patient.digits}`)
  await search.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: /1 user matches/ })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: patient.email })
  await expect(row).toHaveCount(1)
  await expect(row.getByText('Email not confirmed')).toBeVisible()
  await axe(page, 'the Users tab with a result')
  await shoot(page, 'users-search')

  // Their page: contact details and every kind of record.
  await row.getByRole('link', { name: `Hattie ${lastName}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Hattie ${lastName}` })).toBeVisible()
  const appointments = page.getByRole('region', { name: 'Appointments' })
  await expect(appointments.getByText('1 appointment, newest first.')).toBeVisible()
  await expect(appointments).toContainText('Repair')
  const orders = page.getByRole('region', { name: 'Order requests' })
  await expect(orders.getByTestId('order-request')).toHaveCount(1)
  const messages = page.getByRole('region', { name: 'Messages' })
  // The booking's and the order's messages carry the address; the contact form's only the phone.
  await expect(messages.getByText('3 messages, newest first.')).toBeVisible()
  await expect(messages).toContainText('Please call me about my hearing aids.')
  const emails = page.getByRole('region', { name: 'E-mails sent' })
  await expect(emails).toContainText('Confirm your email')
  await expect(emails).not.toContainText('token=')
  await axe(page, 'the patient page')
  await shoot(page, 'patient-page')

  // Correct the phone: a bad one is refused next to the field; a good one is saved, focus back on Edit.
  await page.getByRole('button', { name: 'Edit contact details' }).click()
  const form = page.getByRole('form', { name: 'Contact details' })
  const phoneField = form.getByRole('textbox', { name: 'Phone' })
  await phoneField.fill('call me maybe')
  await form.getByRole('button', { name: 'Save contact details' }).click()
  await expect(form.getByText('Please enter a valid phone number.')).toBeVisible()
  await expect(phoneField).toBeFocused()
  await expect(phoneField).toHaveAttribute('aria-invalid', 'true')
  await axe(page, 'the contact form with an error')
  await shoot(page, 'patient-edit-error')
  await phoneField.fill('770-555-0188')
  await form.getByRole('button', { name: 'Save contact details' }).click()
  await expect(page.getByText('Contact details saved')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit contact details' })).toBeFocused()
  await expect(page.getByRole('region', { name: 'Contact details' })).toContainText('770-555-0188')

  // Resend the confirmation.
  await page.getByRole('button', { name: `Resend confirmation to Hattie ${lastName}` }).click()
  await expect(page.getByText(`A new confirmation link was sent to ${patient.email}.`)).toBeVisible()
  await expect.poll(async () => (await emailsTo(patient.email)).filter((m) => /Confirm your email/.test(m.subject)).length, { timeout: 45_000 }).toBe(2)

  // Deactivate: a confirmation naming the person; then the badge, a toast, focus on the button now offering the opposite.
  await page.getByRole('button', { name: 'Deactivate account' }).click()
  const dialog = page.getByRole('alertdialog', { name: `Deactivate Hattie ${lastName}'s account?` })
  await expect(dialog).toContainText('signed out everywhere')
  await axe(page, 'the deactivation dialog')
  await dialog.getByRole('button', { name: 'Deactivate account' }).click()
  await expect(page.getByText(`Hattie ${lastName} can no longer sign in, and was signed out everywhere.`)).toBeVisible()
  await expect(page.getByText('Deactivated', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reactivate account' })).toBeFocused()
  const refused = await postAsked(request, '/api/identity/sign-in', { data: { email: patient.email, password: PASSWORD } })
  expect(refused.status()).toBe(403)
  expect(((await refused.json()) as { message: string }).message).toBe('This account has been deactivated. Please call the clinic if you need it again.')
  await shoot(page, 'patient-deactivated')

  await page.getByRole('button', { name: 'Reactivate account' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reactivate account' }).click()
  await expect(page.getByText(`Hattie ${lastName} can sign in again.`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Deactivate account' })).toBeFocused()
  await expect(page.getByText('Deactivated', { exact: true })).toHaveCount(0)
  await waitForEmail(patient.email, /Confirm your email/)
})

test('search and paging by keyboard alone: results announced, pages said, focus kept', async ({ page, request }) => {
  // More than a page of patients sharing a name part.
  const tag = `Pager${uniqueLetters()}`
  const token = await adminToken(request)
  // Invited (no password: nothing to hash), one after another: a burst would take every database
  // connection identity has, and the journeys running beside this one would get 503s.
  for (let n = 0; n < 27; n++) await newAccount(request, token, { first_name: `Paula${n}`, last_name: tag, email: uniqueEmail(`pager${n}`), phone: `(470) 555-${1000 + n}` })
  await signInAsStaff(page, request)
  await page.goto('/admin')
  const search = page.getByRole('searchbox', { name: 'Search by name, e-mail or phone' })
  await search.focus()
  await page.keyboard.type(tag.toLowerCase())
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: `27 users match “${tag.toLowerCase()}”.` })).toBeVisible()
  const pager = page.getByRole('navigation', { name: 'User pages' })
  await expect(pager).toContainText('Page 1 of 2')
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(25)

  // Tab to "Next page" and press it: page 2, focus stays on the button (now at the end, still focusable).
  const next = pager.getByRole('button', { name: 'Next page' })
  await next.focus()
  await page.keyboard.press('Enter')
  await expect(pager).toContainText('Page 2 of 2')
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(2)
  await expect(next).toBeFocused()
  await expect(next).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Enter')
  await expect(pager).toContainText('Page 2 of 2')
  await expect(page).toHaveURL(/page=2/)
  await page.keyboard.press('Shift+Tab')
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(pager).toContainText('Page 1 of 2')
  await axe(page, 'the Users tab with pages')

  // A reload keeps the search and the page; "Show everyone" clears it and returns focus to the box.
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search by name, e-mail or phone' })).toHaveValue(tag.toLowerCase())
  await page.getByRole('button', { name: 'Show everyone' }).click()
  await expect(page.getByRole('searchbox', { name: 'Search by name, e-mail or phone' })).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: /users, newest first\./ })).toBeVisible()
})

test('an admin deactivates a staff member: their open dashboard loses access at once, and signing in says why; nobody deactivates themselves', async ({ page, request, browser }) => {
  // The staff member, signed in in their own browser, on the dashboard.
  const staffContext = await browser.newContext()
  const staffPage = await staffContext.newPage()
  await withCookieChoice(staffPage)
  const staffEmail = uniqueEmail('leaver')
  const token = await adminToken(request)
  const staff = await newAccount(request, token, { first_name: 'Lee', last_name: 'Leaver', email: staffEmail, password: PASSWORD })
  expect((await request.patch(`/api/identity/admin/users/${staff.id}/role`, { data: { role: 'staff' }, headers: { authorization: `Bearer ${token}` } })).status()).toBe(200)
  await signInWithForm(staffPage, staffEmail, PASSWORD)
  await staffPage.goto('/admin')
  await expect(staffPage.getByRole('heading', { name: 'User Management' })).toBeVisible()

  // The admin finds them by e-mail and deactivates the account from its page.
  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto(`/admin?q=${encodeURIComponent(staffEmail)}`)
  await page.getByRole('row').filter({ hasText: staffEmail }).getByRole('link', { name: 'Lee Leaver' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Lee Leaver' })).toBeVisible()
  await page.getByRole('button', { name: 'Deactivate account' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate account' }).click()
  await expect(page.getByText('Lee Leaver can no longer sign in, and was signed out everywhere.')).toBeVisible()

  // Their next request is refused: the dashboard is gone.
  await staffPage.reload()
  await expect(staffPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await signInAttempt(staffPage, staffEmail)
  await expect(staffPage.getByText('This account has been deactivated. Please call the clinic if you need it again.')).toBeVisible()
  await staffContext.close()

  // The admin's own page offers no deactivation.
  await page.goto(`/admin?q=${encodeURIComponent(ADMIN_EMAIL)}`)
  await page.getByRole('row').filter({ hasText: ADMIN_EMAIL }).getByRole('link').first().click()
  await expect(page.getByText('This is your own account.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Deactivate account' })).toHaveCount(0)
  await axe(page, 'an admin’s own page')
})

/** Fills in the sign-in form and submits it (the answer may be a refusal). */
async function signInAttempt(page: Page, email: string) {
  await page.goto('/auth')
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(email)
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign In' }).click()
}
