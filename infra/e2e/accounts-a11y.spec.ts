import { expect, test, type Page } from '@playwright/test'

import { createPatient, openAccountMenu, signInWithForm, uniqueEmail } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js'
import { linkIn, waitForEmail } from './support/mailbox.js'
import { expectNoAxeViolations, withCookieChoice } from './support/axe.js'

/**
 * axe on the account screens that a scan of each URL as a visitor cannot reach: the sign-up tab,
 * the forgot-password form, the signed-in profile, every admin tab, the account-setup form and the
 * open account menu. Zero WCAG 2.0/2.1 A and AA violations, at desktop and phone widths.
 */
test.describe.configure({ timeout: 120_000 })

const expectNoViolations = (page: Page, label: string) => expectNoAxeViolations(page, label)

const widths = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]

test.beforeEach(async ({ page }) => {
  // The cookie notice is scanned by the site-wide scan; here it would only cover the forms.
  await withCookieChoice(page)
})

test('the sign-up tab and the forgot-password form have no axe violations', async ({ page }) => {
  for (const viewport of widths) {
    await page.setViewportSize(viewport)
    await page.goto('/auth?tab=signup')
    await expect(page.getByRole('option', { name: 'Gainesville' })).toBeAttached()
    await expectNoViolations(page, `sign-up tab at ${viewport.width}px`)
    await page.getByRole('tab', { name: 'Sign In' }).click()
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
    await expectNoViolations(page, `forgot password at ${viewport.width}px`)
  }
})

test('the signed-in profile, the admin tabs and the account menu have no axe violations', async ({ page }) => {
  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  for (const viewport of widths) {
    await page.setViewportSize(viewport)
    await page.goto('/profile')
    await expect(page.getByRole('heading', { name: 'Preferences' })).toBeVisible()
    await expectNoViolations(page, `profile at ${viewport.width}px`)
    for (const tab of ['Users', 'Orders', 'Email']) {
      await page.goto('/admin')
      await page.getByRole('tab', { name: tab }).click()
      await expect(page.getByRole('tabpanel')).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expectNoViolations(page, `admin ${tab} tab at ${viewport.width}px`)
    }
  }
  await page.setViewportSize(widths[0]!)
  await openAccountMenu(page)
  await expectNoViolations(page, 'open account menu')
})

test('the account-setup form has no axe violations', async ({ page, request }) => {
  const email = uniqueEmail('a11y.invite')
  await createPatient(request, { first_name: 'Ada', last_name: 'Access', email })
  const link = linkIn(await waitForEmail(email, /Set up your/i), '/setup-account')
  for (const viewport of widths) {
    await page.setViewportSize(viewport)
    await page.goto(link)
    await expect(page.getByLabel('Email')).toHaveValue(email)
    await expectNoViolations(page, `account setup at ${viewport.width}px`)
  }
})
