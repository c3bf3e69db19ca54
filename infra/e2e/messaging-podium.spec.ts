import { expect, test } from '@playwright/test'

import { FAKE_PODIUM_CLIENT_ID, FAKE_PODIUM_CLIENT_SECRET, startFakePodium, type FakePodium } from '../src/fakes/podium.js'
import { createPatient, signInWithForm, uniqueEmail } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT } from './support/env.js'
import { startExtraStack, type ExtraStack } from './support/extra-stack.js'

/**
 * The messaging provider in Podium mode (MESSAGING_PROVIDER=podium), through a stack of its own
 * against the fake Podium: an admin connects the account once (OAuth in the browser), a patient's
 * contact message arrives at Podium, and Sync Existing Users creates the contacts there.
 */

const PORT = E2E_PORT + 40
test.use({ baseURL: `http://127.0.0.1:${PORT}` })
test.describe.configure({ mode: 'serial', timeout: 120_000 })

let podium: FakePodium
let stack: ExtraStack

test.beforeAll(async () => {
  test.setTimeout(180_000)
  podium = await startFakePodium()
  stack = await startExtraStack(PORT, {
    MESSAGING_PROVIDER: 'podium',
    PODIUM_CLIENT_ID: FAKE_PODIUM_CLIENT_ID,
    PODIUM_CLIENT_SECRET: FAKE_PODIUM_CLIENT_SECRET,
    PODIUM_API_URL: podium.url,
    PODIUM_AUTHORIZE_URL: `${podium.url}/oauth/authorize`,
    PODIUM_TOKEN_URL: `${podium.url}/oauth/token`,
  })
})

test.afterAll(async () => {
  await stack?.stop()
  await podium?.close()
})

test('an admin connects Podium, a contact message arrives there, and Sync Existing Users creates the contacts', async ({ page, request }) => {
  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto('/admin?tab=settings')
  const connection = page.getByRole('region', { name: 'Podium Connection' })
  await expect(connection.getByText('Not connected')).toBeVisible()
  const sync = page.getByRole('region', { name: 'Podium Contact Sync' })
  await expect(sync.getByRole('button', { name: 'Sync Existing Users' })).toBeDisabled()

  // Podium's consent screen answers at once (the fake) and sends the admin back.
  await connection.getByRole('button', { name: 'Connect Podium' }).click()
  await expect(page).toHaveURL(/\/admin\?tab=settings$/)
  await expect(page.getByRole('alert').filter({ hasText: 'Podium connected' })).toBeVisible()
  await expect(connection.getByText('Connected', { exact: true })).toBeVisible()
  expect(podium.state.tokenRequests, 'the code was exchanged for tokens').toBe(1)

  // A patient writes; the message reaches Podium with the greeting and the E.164 phone.
  await page.goto('/contact-us')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  const form = page.getByRole('form', { name: 'Contact us' })
  await expect(form.getByLabel('Preferred location').locator('option', { hasText: 'Dawsonville' })).toHaveCount(1)
  await form.getByLabel('First name').fill('Gertrude')
  await form.getByLabel('Last name').fill('Okafor')
  await form.getByLabel('Phone').fill('(706) 555-0175')
  await form.getByLabel('Preferred location').selectOption({ label: 'Dawsonville' })
  await form.getByLabel('Message').fill('Can my husband come along to my hearing test?')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page).toHaveURL(/\/message-success$/)
  await expect.poll(() => podium.state.messages.length, { timeout: 30_000 }).toBe(1)
  const message = podium.state.messages[0]!
  expect(message.channel).toEqual({ type: 'phone', identifier: '+17065550175' })
  expect(message.body).toMatch(/^Hi Gertrude, thank you for contacting North Georgia Hearing Care!/)
  expect(message.body).toContain('Can my husband come along to my hearing test?')

  // Staff see it was delivered to Podium.
  await page.goto('/admin?tab=inbox')
  await expect(page.getByRole('listitem').filter({ hasText: 'Gertrude Okafor' })).toContainText('Delivered')

  // Existing accounts become Podium contacts.
  const email = uniqueEmail('podium-sync')
  await createPatient(request, { first_name: 'Horace', last_name: 'Bell', email, phone: '770.555.0166', password: 'Quartz-Meadow-Falcon-41' })
  await page.goto('/admin?tab=settings')
  await sync.getByRole('button', { name: 'Sync Existing Users' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Sync completed' }).filter({ hasText: /Synced [1-9]\d* of [1-9]\d* users/ })).toBeVisible({ timeout: 45_000 })
  await expect(page.getByRole('alert').filter({ hasText: 'User data has been refreshed.' })).toBeVisible()
  const contact = podium.state.contacts.find((c) => c.email === email)
  expect(contact, 'the patient is a Podium contact').toBeTruthy()
  expect(contact!.phoneNumber).toBe('+17705550166')
  expect(podium.state.limited, 'Podium never had to say 429').toBe(0)
})
