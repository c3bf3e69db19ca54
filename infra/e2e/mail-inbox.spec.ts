import { expect, test } from '@playwright/test'

import { accountMenuButton, uniqueEmail } from './support/accounts.js'
import { E2E_PORT } from './support/env.js'
import { startExtraStack, type ExtraStack } from './support/extra-stack.js'
import { rawGet } from '../src/testing/raw-request.js'

/**
 * `npm start` with no SMTP_URL: e-mails go to the launcher's own mail catcher,
 * whose web inbox the Ready banner names. A stack of its own, started without SMTP_URL (the shared
 * one is given the test SMTP sink instead).
 */
const PORT = E2E_PORT + 80

test.describe.configure({ mode: 'serial', timeout: 120_000 })

let stack: ExtraStack
let inbox: string
let inboxPassword: string

test.beforeAll(async () => {
  test.setTimeout(180_000)
  stack = await startExtraStack(PORT, {})
  await expect.poll(() => stack.output(), { timeout: 20_000 }).toMatch(/Mail inbox: http:\/\/127\.0\.0\.1:\d+\//)
  const banner = /Mail inbox: (http:\/\/127\.0\.0\.1:\d+\/) \(user inbox, password (\S+);/.exec(stack.output())!
  inbox = banner[1]!
  inboxPassword = banner[2]!
})

test.afterAll(async () => {
  await stack?.stop()
})

test('with no SMTP_URL a new patient signs up, confirms from the local mail inbox and signs in', async ({ page, browser }) => {
  expect(stack.output(), 'the banner says the inbox is not for real patients').toMatch(/set SMTP_URL so that real patients receive them/)
  const email = uniqueEmail('inbox')
  const password = 'Harbor-Willow-Lantern-63'

  await page.goto(`${stack.url}/auth`)
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  const form = page.getByRole('form', { name: 'Sign up' })
  await form.getByLabel('Preferred location').selectOption({ label: 'Gainesville' })
  await form.getByLabel('First name').fill('Iris')
  await form.getByLabel('Last name').fill('Calloway')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Phone').fill('(770) 555-0177')
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await form.getByLabel('Confirm password').fill(password)
  await form.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/signup-success$/)

  // The inbox in the browser, as the person running the site would open it, with the password the
  // banner printed. The new mail arrives live over MailDev's socket, which a busy machine may not
  // have connected in time: reopen until it shows.
  const reader = await browser.newContext({ httpCredentials: { username: 'inbox', password: inboxPassword } })
  const inboxPage = await reader.newPage()
  await inboxPage.goto(inbox)
  const message = inboxPage.getByText(/Confirm your email address/).first()
  await expect(async () => {
    if (!(await message.isVisible())) await inboxPage.goto(inbox)
    await expect(message).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 60_000 })
  await message.click()
  const body = inboxPage.frameLocator('iframe[title="Email HTML content"]')
  const link = body.getByRole('link', { name: /confirm/i }).first()
  await expect(link).toBeVisible()
  const href = await link.getAttribute('href')
  expect(href).toContain(`${stack.url}/api/identity/confirm-email?token=`)
  await reader.close()

  // Following the link confirms the account and signs the patient in.
  await page.goto(href!)
  await expect(page).toHaveURL(`${stack.url}/`)
  await expect(accountMenuButton(page)).toBeVisible()

  // And from a fresh browser, the password now opens the account.
  const fresh = await browser.newContext()
  const again = await fresh.newPage()
  await again.goto(`${stack.url}/auth`)
  const signIn = again.getByRole('form', { name: 'Sign in' })
  await signIn.getByLabel('Email').fill(email)
  await signIn.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await signIn.getByRole('button', { name: 'Sign In' }).click()
  await expect(again).not.toHaveURL(/\/auth/, { timeout: 15_000 })
  await expect(accountMenuButton(again)).toBeVisible()
  await fresh.close()
})

test('the inbox answers only its own pages on this machine, and only with its password', async () => {
  const port = Number(new URL(inbox).port)
  const auth = `Basic ${Buffer.from(`inbox:${inboxPassword}`).toString('base64')}`
  const ask = (headers: Record<string, string>) => rawGet(port, '/api/email', headers)
  expect((await ask({ host: `127.0.0.1:${port}` })).status, 'no password: refused').toBe(401)
  const own = await ask({ host: `127.0.0.1:${port}`, authorization: auth })
  expect(own.status).toBe(200)
  expect(own.cors, 'no CORS grant, even to itself').toBeUndefined()
  // A page elsewhere (its script running in the owner's browser, which holds the password) and a
  // name re-pointed at 127.0.0.1 (DNS rebinding) read nothing.
  const elsewhere = await ask({ host: `127.0.0.1:${port}`, authorization: auth, origin: 'https://evil.example' })
  expect(elsewhere.status).toBe(403)
  expect(elsewhere.cors).toBeUndefined()
  expect(elsewhere.body).not.toContain('confirm-email')
  const rebound = await ask({ host: `rebind.evil.example:${port}`, authorization: auth })
  expect(rebound.status).toBe(421)
  expect(rebound.body).not.toContain('confirm-email')
})

