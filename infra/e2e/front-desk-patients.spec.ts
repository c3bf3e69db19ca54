import { expect, test, type Page } from '@playwright/test'

import { createPatient, postAsked, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env.js'
import { emailsTo, linkIn, waitForEmail } from './support/mailbox.js'
import { expectNoAxeViolations } from './support/axe.js'
import { waitForFocusInside } from './support/layout.js'

/** The front desk, the Users side: journeys as an admin and as staff. */

/** The Users tab searched for one address (25 users a page, and other journeys add users meanwhile). */
async function openUsers(page: Page, email?: string) {
  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto(email ? `/admin?q=${encodeURIComponent(email)}` : '/admin')
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true')
}

test('a role change by keyboard alone: choose, confirm naming the person, undo; focus stays on the row', async ({ page, request }) => {
  const email = uniqueEmail('keyboard-role')
  await createPatient(request, { first_name: 'Kira', last_name: 'Keyboard', email, password: 'Walnut-Harbor-Quiet-81' })
  await openUsers(page, email)
  const row = page.getByRole('row').filter({ hasText: email })
  const select = row.getByRole('combobox', { name: 'Role for Kira Keyboard' })
  const badge = row.getByRole('cell').nth(1)

  // An arrow key only chooses: nothing is saved, no toast.
  await select.focus()
  await page.keyboard.press('ArrowDown')
  await expect(select).toHaveValue('staff')
  await expect(badge).toHaveText('customer')
  await expect(page.getByText('User role updated successfully')).toHaveCount(0)

  // Tab to "Change role", Enter opens the dialog naming the person; Escape cancels, focus comes back.
  await page.keyboard.press('Tab')
  await expect(row.getByRole('button', { name: 'Change role for Kira Keyboard' })).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: "Change Kira Keyboard's role?" })
  await expect(dialog).toContainText(`Kira Keyboard (${email}) will be staff instead of customer.`)
  await waitForFocusInside(dialog)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(select).toBeFocused()
  await expect(badge).toHaveText('customer')

  // Confirm with the keyboard: the role changes and focus stays on the row's select.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  // Focus starts on the safe choice; one Tab reaches the change.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Change role to staff' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('User role updated successfully')).toBeVisible()
  await expect(page.getByText('Kira Keyboard is now staff.')).toBeVisible()
  await expect(badge).toHaveText('staff')
  await expect(select).toBeFocused()

  // Undo from the row, by keyboard: back to customer, focus on the select again.
  const undo = row.getByRole('button', { name: 'Undo role change for Kira Keyboard' })
  await undo.focus()
  await page.keyboard.press('Enter')
  await expect(badge).toHaveText('customer')
  await expect(page.getByText('Kira Keyboard is now customer.')).toBeVisible()
  await expect(undo).toHaveCount(0)
  await expect(select).toBeFocused()

  // Undo from the toast works too.
  await select.selectOption('admin')
  await row.getByRole('button', { name: 'Change role for Kira Keyboard' }).click()
  await dialog.getByRole('button', { name: 'Change role to admin' }).click()
  await expect(badge).toHaveText('admin')
  await page.getByRole('alert').filter({ hasText: 'Kira Keyboard is now admin.' }).getByRole('button', { name: /^Undo/ }).click()
  await expect(badge).toHaveText('customer')

  await expectNoAxeViolations(page, 'the staff screen', { include: 'main', tags: 'all' })
})

test('an unconfirmed sign-up is marked in Users; staff resend the confirmation and send a reset link', async ({ page, request, browser }) => {
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string }>
  const email = uniqueEmail('unconfirmed')
  const signUp = await postAsked(request, '/api/identity/sign-up', {
    headers: { origin: BASE_URL },
    data: { first_name: 'Una', last_name: 'Unconfirmed', email, phone: '706-555-0133', password: 'Maple-Lantern-River-42', preferred_location_uid: locations[0]!.uid },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  await waitForEmail(email, /Confirm your email/)

  // Staff do this: the admin makes a staff member who signs in.
  const staffEmail = uniqueEmail('front-desk')
  const staffPassword = 'Cedar-Window-Harvest-64'
  const staff = await createPatient(request, { first_name: 'Fran', last_name: 'Desk', email: staffEmail, password: staffPassword })
  const token = ((await (await postAsked(request, '/api/identity/sign-in', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).json()) as { access_token: string }).access_token
  expect((await request.patch(`/api/identity/admin/users/${staff.id}/role`, { data: { role: 'staff' }, headers: { authorization: `Bearer ${token}` } })).status()).toBe(200)
  await signInWithForm(page, staffEmail, staffPassword)
  await page.goto(`/admin?q=${encodeURIComponent(email)}`)

  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row.getByText('Email not confirmed')).toBeVisible()
  await row.getByRole('button', { name: 'Resend confirmation to Una Unconfirmed' }).click()
  await expect(page.getByText(`A new confirmation link was sent to ${email}.`)).toBeVisible()
  await expect.poll(async () => (await emailsTo(email)).filter((m) => /Confirm your email/.test(m.subject)).length, { timeout: 45_000 }).toBe(2)
  const resent = await waitForEmail(email, /Confirm your email/)
  // The patient follows it in their own browser.
  const patientContext = await browser.newContext()
  const patient = await patientContext.newPage()
  await patient.goto(linkIn(resent, '/api/identity/confirm-email'))
  await expect(patient).not.toHaveURL(/confirm=invalid/)
  await patientContext.close()

  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(row.getByText('Email not confirmed'), 'the resent link confirmed the address').toHaveCount(0)
  await row.getByRole('button', { name: 'Send reset link to Una Unconfirmed' }).click()
  await expect(page.getByText(`A password reset link was sent to ${email}.`)).toBeVisible()
  await waitForEmail(email, /Reset your/)

  await expectNoAxeViolations(page, 'the staff screen', { include: 'main', tags: 'all' })
})

test("staff move an order request along: a toast, and the customer is e-mailed", async ({ page, request }) => {
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string }>
  const email = uniqueEmail('orderer')
  const lastName = `Orderer-${uniqueLetters()}`
  const placed = await request.post('/api/catalogue/orders', {
    headers: { origin: BASE_URL },
    data: { first_name: 'Olive', last_name: lastName, email, phone: '(706) 555-0144', location_uid: locations[0]!.uid, items: [{ id: 'oticon-zircon-2', quantity: 1 }] },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  await openUsers(page)
  await page.getByRole('tab', { name: 'Orders' }).click()
  const order = page.getByTestId('order-request').filter({ hasText: lastName })
  const status = order.getByRole('combobox', { name: 'Status' })
  await status.focus()
  await page.keyboard.press('ArrowDown')
  await expect(status).toHaveValue('contacted')
  const update = order.getByRole('button', { name: `Update status for Olive ${lastName}` })
  await update.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Olive ${lastName}'s order request is now Contacted. Olive was e-mailed about it.`)).toBeVisible()
  await expect(status).toBeFocused()
  const mail = await waitForEmail(email, /Your clinic has been in touch/)
  expect(mail.text).toContain('Hello Olive,')

  await expectNoAxeViolations(page, 'the staff screen', { include: 'main', tags: 'all' })
})
