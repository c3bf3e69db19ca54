import { expect, test, type APIRequestContext, type Request } from '@playwright/test'

import {
  accountMenuButton,
  adminToken,
  createPatient,
  chooseFromAccountMenu,
  openAccountMenu,
  PASSWORD_STEP_TIMEOUT,
  postAsked,
  signInWithForm,
  uniqueEmail,
} from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js'
import { emailsTo, linkIn, setGoogleUser, waitForEmail } from './support/mailbox.js'

/**
 * Account journeys (SPEC §2 "Sign in / sign up", Profile, Account setup, Admin dashboard; §5; §8)
 * through the real stack: e-mails arrive at a real SMTP sink, Google is an OpenID provider stand-in.
 */

test.describe.configure({ timeout: 120_000 })

const CONFIRM_SUBJECT = /Confirm your email/i

test('a visitor signs up, confirms by e-mail, edits the profile, stays signed in across a reload and signs out', async ({ page }) => {
  const email = uniqueEmail('newcomer')
  const password = 'Quiet-Meadow-Compass-81'
  const locationsRequests: string[] = []
  const signUpRequests: Request[] = []
  page.on('request', (req) => {
    if (req.url().includes('/api/messaging/locations')) locationsRequests.push(req.url())
    if (req.url().endsWith('/api/identity/sign-up')) signUpRequests.push(req)
  })

  await page.goto('/auth')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true')
  expect(locationsRequests, 'the clinic list loads only when the sign-up tab opens').toEqual([])

  await page.getByRole('tab', { name: 'Sign Up' }).click()
  const form = page.getByRole('form', { name: 'Sign up' })
  const location = form.getByLabel('Preferred location')
  await expect(location.locator('option', { hasText: 'Gainesville' })).toHaveCount(1)
  expect(locationsRequests.length).toBeGreaterThan(0)

  await form.getByLabel('First name').fill('Rosa')
  await form.getByLabel('Last name').fill('Whitfield')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Phone').fill('(770) 555-0142')
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await form.getByLabel('Confirm password').fill(`${password}x`)
  const submit = form.getByRole('button', { name: 'Create Account' })
  await expect(submit, 'disabled until a location is chosen').toBeDisabled()
  await location.selectOption({ label: 'Dawsonville' })
  await expect(submit).toBeEnabled()

  // Mismatched passwords: an alert, and no sign-up request.
  await submit.click()
  await expect(form.getByRole('alert')).toHaveText('Passwords do not match')
  await expect(form.getByLabel('Confirm password')).toBeFocused()
  expect(signUpRequests).toHaveLength(0)

  await form.getByLabel('Confirm password').fill(password)
  await form.getByLabel('Street address').fill('12 Lakeview Drive')
  await form.getByLabel('City').fill('Dawsonville')
  await form.getByLabel('State').fill('GA')
  await form.getByLabel('ZIP code').fill('30534')
  await submit.click()

  await expect(page).toHaveURL(/\/signup-success$/)
  await expect(page.getByText('Sign up successful')).toBeVisible()
  await expect(page.getByText('Please check your email to confirm your account.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/check your email/i)
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  const sent = signUpRequests[0]!.postDataJSON() as Record<string, unknown>
  expect(sent.address, 'the address goes with the sign-up when the street is filled').toEqual({
    address_line1: '12 Lakeview Drive',
    city: 'Dawsonville',
    state: 'GA',
    zip_code: '30534',
  })

  // The confirmation e-mail, received over SMTP: its link confirms and signs in.
  const mail = await waitForEmail(email, CONFIRM_SUBJECT)
  await page.goto(linkIn(mail, '/api/identity/confirm-email'))
  await expect(page).toHaveURL(/\/$/)
  await expect(accountMenuButton(page)).toBeVisible()

  // Already signed in: /auth sends them back (here: home), replacing the history entry.
  await page.goto('/auth')
  await expect(page).toHaveURL(/\/$/)

  // Profile: the four sections, read-only contact details, save.
  const menu = await openAccountMenu(page)
  await expect(menu).toContainText(email)
  await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0)
  await chooseFromAccountMenu(page, 'Profile Settings')
  await expect(page).toHaveURL(/\/profile$/)
  for (const section of ['Personal information', 'Contact information', 'Address', 'Preferences']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible()
  }
  const emailField = page.getByLabel('Email')
  await expect(emailField).toHaveValue(email)
  await expect(emailField).toHaveAttribute('readonly', '')
  await expect(page.getByLabel('Phone')).toHaveAttribute('readonly', '')
  await expect(page.getByRole('main').getByRole('link', { name: 'contact us', exact: true })).toHaveAttribute('href', '/contact-us')
  await expect(page.getByLabel('Street address')).toHaveValue('12 Lakeview Drive')
  await expect(page.getByLabel('Preferred location')).toHaveValue(/.+/)

  await page.getByLabel('First name').fill('Rosalind')
  await page.getByLabel('City').fill('Gainesville')
  await page.getByRole('button', { name: 'Reset' }).click()
  await expect(page.getByLabel('First name'), 'Reset restores the saved values').toHaveValue('Rosa')
  await page.getByLabel('First name').fill('Rosalind')
  await page.getByLabel('Preferred location').selectOption({ label: 'Gainesville' })
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Profile Updated')).toBeVisible()
  await expect(page.getByText('Your profile has been updated successfully.')).toBeVisible()

  // A reload keeps the session (refresh cookie) and shows the saved values.
  await page.reload()
  await expect(page.getByLabel('First name')).toHaveValue('Rosalind')
  await expect(page.getByLabel('Preferred location').locator('option:checked')).toHaveText('Gainesville')
  await expect(accountMenuButton(page)).toBeVisible()

  // Sign out: toast, back home, signed out after a reload too.
  await chooseFromAccountMenu(page, 'Sign Out')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('You have been signed out successfully.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByText('Please sign in to access your profile settings.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth')
})

test('signing up with an address that already has an account says so', async ({ page }) => {
  await page.goto('/auth?tab=signup')
  const form = page.getByRole('form', { name: 'Sign up' })
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Last name').fill('Again')
  await form.getByLabel('Email').fill(ADMIN_EMAIL)
  await form.getByLabel('Phone').fill('770 555 0100')
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Amber-Willow-Station-42')
  await form.getByLabel('Confirm password').fill('Amber-Willow-Station-42')
  await form.getByLabel('Preferred location').selectOption({ label: 'Gainesville' })
  await form.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('An account with this email already exists. Please try signing in instead.')).toBeVisible()
  await expect(page).toHaveURL(/\/auth/)
})

test('an unconfirmed account is asked to confirm first and can have the link sent again', async ({ page, request }) => {
  const email = uniqueEmail('unconfirmed')
  const password = 'Copper-Kettle-Morning-17'
  const res = await postAsked(request, '/api/identity/sign-up', {
    data: { first_name: 'Una', last_name: 'Firmed', email, phone: '770-555-0150', password, preferred_location_uid: await firstLocationUid(request) },
  })
  expect(res.status(), await res.text()).toBe(201)
  await waitForEmail(email, CONFIRM_SUBJECT)

  await page.goto('/auth')
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please confirm your email address first.' })).toBeVisible()
  await page.getByRole('button', { name: 'Resend confirmation email' }).click()
  await expect(page.getByText('We have sent a new confirmation link.')).toBeVisible()
  await expect
    .poll(async () => (await emailsTo(email)).filter((m) => CONFIRM_SUBJECT.test(m.subject)).length, { timeout: 45_000 })
    .toBe(2)

  // A dead confirmation link lands on /auth with an explanation.
  await page.goto('/api/identity/confirm-email?token=not-a-real-token')
  await expect(page).toHaveURL(/\/auth\?confirm=invalid$/)
  await expect(page.getByRole('alert').filter({ hasText: 'That confirmation link is invalid or has expired.' })).toBeVisible()
})

test('an admin changes a customer to admin; the customer gets it with their next session', async ({ browser, request }) => {
  const email = uniqueEmail('promoted')
  const password = 'Silver-Orchard-Beacon-55'
  await createPatient(request, { first_name: 'Pat', last_name: 'Promoted', email, password })

  const customerContext = await browser.newContext()
  const customer = await customerContext.newPage()
  await signInWithForm(customer, email, password)
  await customer.goto('/admin')
  await expect(customer.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(customer.getByText("You don't have permission to access the admin dashboard.")).toBeVisible()

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInWithForm(admin, ADMIN_EMAIL, ADMIN_PASSWORD)
  await chooseFromAccountMenu(admin, 'Admin Dashboard')
  await expect(admin).toHaveURL(/\/admin$/)
  await expect(admin.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true')
  for (const column of ['User', 'Role', 'Created', 'Actions']) {
    await expect(admin.getByRole('columnheader', { name: column })).toBeAttached()
  }
  // 25 users a page, and other journeys add users meanwhile: this one searched for.
  await admin.getByRole('searchbox', { name: 'Search by name, e-mail or phone' }).fill(email)
  await admin.getByRole('searchbox', { name: 'Search by name, e-mail or phone' }).press('Enter')
  const row = admin.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('Pat Promoted')
  await expect(row).toContainText('No phone')
  await row.getByRole('combobox', { name: /Role for/ }).selectOption('admin')
  await row.getByRole('button', { name: 'Change role for Pat Promoted' }).click()
  await admin.getByRole('alertdialog', { name: "Change Pat Promoted's role?" }).getByRole('button', { name: 'Change role to admin' }).click()
  await expect(admin.getByText('User role updated successfully')).toBeVisible()
  await expect(row.getByRole('cell').nth(1)).toHaveText('admin')

  await admin.getByRole('tab', { name: 'Orders' }).click()
  await expect(admin.getByRole('heading', { name: 'Order Management' })).toBeVisible()

  // The change ended the customer's sessions: a reload finds them signed out; signing in again
  // gives a token with the new role.
  await customer.reload()
  await expect(customer.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await signInWithForm(customer, email, password)
  await chooseFromAccountMenu(customer, 'Admin Dashboard')
  await expect(customer.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()

  await customerContext.close()
  await adminContext.close()
})

test('Continue with Google signs in through the OpenID provider', async ({ page }) => {
  const email = uniqueEmail('google')
  await setGoogleUser({ sub: `g-${email}`, email, given_name: 'Gloria', family_name: 'Oakes' })
  await page.goto('/auth')
  await expect(page.getByText('Google sign-in is not set up.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(await openAccountMenu(page)).toContainText(email)
  await chooseFromAccountMenu(page, 'Profile Settings')
  await expect(page.getByLabel('First name')).toHaveValue('Gloria')
})

test('an invited patient sets a password from the e-mail and is signed in', async ({ page, browser, request }) => {
  const email = uniqueEmail('invited')
  await createPatient(request, { first_name: 'Ivy', last_name: 'Invited', email, phone: '706-555-0177' })
  const mail = await waitForEmail(email, /Set up your/i)
  const link = linkIn(mail, '/setup-account')

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page.getByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/auth')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Maple-Lantern-River-23')
  await page.getByLabel('Confirm password').fill('Maple-Lantern-River-24')
  await page.getByRole('button', { name: 'Complete Setup' }).click()
  await expect(page.getByText('Passwords do not match. Please try again.').first()).toBeVisible()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short')
  await page.getByLabel('Confirm password').fill('short')
  await page.getByRole('button', { name: 'Complete Setup' }).click()
  await expect(page.getByText('Password must be at least 8 characters long.').first()).toBeVisible()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Maple-Lantern-River-23')
  await page.getByLabel('Confirm password').fill('Maple-Lantern-River-23')
  await page.getByRole('button', { name: 'Complete Setup' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(accountMenuButton(page)).toBeVisible()

  // Signed in now: the same link says so and goes home.
  await page.goto(link)
  await expect(page.getByText('You are already logged into your account.')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)

  // The link is spent; and a link without a token is refused.
  const other = await browser.newPage()
  await other.goto(link)
  await expect(other.getByText('This account setup link is invalid or expired.')).toBeVisible()
  await expect(other).toHaveURL(/\/$/)
  await other.goto('/setup-account')
  await expect(other.getByText('Invalid Link')).toBeVisible()
  await expect(other).toHaveURL(/\/$/)

  // The admin finds the invitation in the dashboard's Email tab (the record of sent mail): to whom,
  // what and where it is, never its live link.
  await signInWithForm(other, ADMIN_EMAIL, ADMIN_PASSWORD)
  await other.goto('/admin')
  await other.getByRole('tab', { name: 'Email' }).click()
  const message = other.getByRole('listitem').filter({ hasText: email }).filter({ hasText: /Set up your/ })
  await expect(message).toBeVisible()
  await message.getByText(/Set up your/).click()
  await expect(message).toContainText('Account setup')
  await expect(message).not.toContainText('token=')
  await other.close()
})

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  const email = uniqueEmail('forgetful')
  const oldPassword = 'Granite-Harbor-Willow-31'
  const newPassword = 'Velvet-Canyon-Sparrow-64'
  await createPatient(request, { first_name: 'Fay', last_name: 'Forgetful', email, password: oldPassword })

  await page.goto('/auth')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeFocused()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status').filter({ hasText: `If an account exists for ${email}` })).toBeVisible()

  const mail = await waitForEmail(email, /Reset your/i)
  await page.goto(linkIn(mail, '/reset-password'))
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill(newPassword)
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page).toHaveURL(/\/auth$/, { timeout: PASSWORD_STEP_TIMEOUT })
  await expect(page.getByText('Your password has been changed. Please sign in with your new password.')).toBeVisible()

  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(oldPassword)
  await form.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Invalid email or password.')).toBeVisible()
  await signInWithForm(page, email, newPassword)
  await expect(accountMenuButton(page)).toBeVisible()
})

async function firstLocationUid(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/messaging/locations')
  return ((await res.json()) as Array<{ uid: string }>)[0]!.uid
}

test('the session is refreshed when 90 seconds of the access token remain (checked every 30 seconds)', async ({ page, request }) => {
  const email = uniqueEmail('refresh')
  const password = 'Harvest-Pebble-Garden-48'
  await createPatient(request, { first_name: 'Rey', last_name: 'Fresh', email, password })
  await page.clock.install()
  await signInWithForm(page, email, password)
  await expect(accountMenuButton(page)).toBeVisible()

  const refreshes: string[] = []
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/identity/token/refresh')) refreshes.push(req.url())
  })
  // The access token lives 900 s. After 750 s (150 s left) no check has found it due yet...
  await page.clock.runFor(750_000)
  expect(refreshes).toHaveLength(0)
  // ...by 840 s one has (90 s or less left), and the new token serves the next request.
  await page.clock.runFor(90_000)
  await expect.poll(() => refreshes.length).toBeGreaterThan(0)
  await page.getByRole('button', { name: /^Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click()
  await expect(page.getByLabel('First name')).toHaveValue('Rey')
})

test('without Google credentials the Google button says it is not set up', async ({ page }) => {
  await page.route('**/api/identity/google/status', (route) => route.fulfill({ json: { enabled: false } }))
  await page.goto('/auth')
  const button = page.getByRole('button', { name: 'Continue with Google' })
  await expect(button).toHaveAccessibleDescription('Google sign-in is not set up.')
  await expect(button, 'it does nothing').toHaveAttribute('aria-disabled', 'true')
  await button.dispatchEvent('click')
  await expect(page).toHaveURL(/\/auth$/)
})

test('staff can look at the users but not change roles; signed-out visitors are denied', async ({ page, request }) => {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible()

  const email = uniqueEmail('staff')
  const password = 'Juniper-Anchor-Meadow-73'
  const staff = await createPatient(request, { first_name: 'Stacy', last_name: 'Staff', email, password, phone: '706-555-0160' })
  const token = await adminToken(request)
  const res = await request.patch(`/api/identity/admin/users/${staff.id}/role`, { data: { role: 'staff' }, headers: { authorization: `Bearer ${token}` } })
  expect(res.status(), await res.text()).toBe(200)

  await signInWithForm(page, email, password)
  const menu = await openAccountMenu(page)
  await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' }), 'the menu link is for admins').toHaveCount(0)
  await page.keyboard.press('Escape')
  await page.goto(`/admin?q=${encodeURIComponent(email)}`)
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('706-555-0160')
  await expect(row.getByRole('combobox', { name: /Role for/ }), 'staff see no role controls').toHaveCount(0)
  await expect(row.getByRole('cell').nth(1)).toHaveText('staff')
  await expect(page.getByText('Only administrators can change roles.', { exact: false })).toBeVisible()
  await expect(page.getByRole('tab')).toHaveText(['Users', 'Appointments', 'Orders', 'Inbox'])
})
