import { expect, test } from '@playwright/test'

import { FAKE_PODIUM_CLIENT_ID, FAKE_PODIUM_CLIENT_SECRET, startFakePodium, type FakePodium } from '../src/fakes/podium.js'
import { FAKE_STOREFRONT_TOKEN, startFakeStorefront, storefrontProduct, type FakeStorefront } from '../src/fakes/storefront/index.js'
import { createPatient, signInWithForm, uniqueEmail } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT } from './support/env.js'
import { startExtraStack, type ExtraStack } from './support/extra-stack.js'

/**
 * The outside providers a practice can switch on, through one stack of their own with both on (the
 * shared stack runs the local defaults), so the whole stack boots once for them:
 * - the shop on a Shopify store (STORE_PROVIDER=shopify) against the fake Storefront: the store's
 *   collections on /products and the product page, and Checkout opening the store's checkout in a
 *   new tab (or the spec's toast when the store refuses the cart);
 * - the messaging provider in Podium mode (MESSAGING_PROVIDER=podium) against the fake Podium: an
 *   admin connects the account once (OAuth in the browser), a patient's contact message arrives at
 *   Podium, and Sync Existing Users creates the contacts there.
 */

const PORT = E2E_PORT + 40
const BASE = `http://127.0.0.1:${PORT}`
test.use({ baseURL: BASE })
test.describe.configure({ mode: 'serial', timeout: 120_000 })

let storefront: FakeStorefront
let podium: FakePodium
let stack: ExtraStack

/** The store's pictures are the site's own here: the browser has no internet, and the CSP allows our origin. */
const withLocalImages = (i: number, brand: string, file: string) =>
  storefrontProduct(i, brand, { images: { nodes: [{ url: `${BASE}/media/products/${file}`, altText: `${brand} aid ${i}` }] } })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const phonak = [withLocalImages(1, 'Phonak', 'phonak-audeo-sphere-1.svg'), withLocalImages(2, 'Phonak', 'phonak-audeo-sphere-2.svg')]
  const signia = [withLocalImages(3, 'Signia', 'oticon-intent-1.svg')]
  storefront = await startFakeStorefront({}, { phonak, signia, oticon: [], unitron: [], 'best-sellers': [phonak[0]!] })
  podium = await startFakePodium()
  stack = await startExtraStack(PORT, {
    STORE_PROVIDER: 'shopify',
    SHOPIFY_STORE_URL: storefront.url,
    SHOPIFY_STOREFRONT_TOKEN: FAKE_STOREFRONT_TOKEN,
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
  await storefront?.close()
  await podium?.close()
})

test("the store's products, then Checkout opens the store's checkout in a new tab", async ({ page, context }) => {
  await page.goto('/products')
  await expect(page.getByRole('heading', { level: 2, name: 'Phonak Store Aid 1' })).toBeVisible()
  await expect(page.locator('section#phonak')).toBeVisible()
  await expect(page.locator('section#oticon')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Failed to load products' })).toHaveCount(0)

  await page.goto('/products/phonak-store-aid-2')
  await expect(page.getByRole('heading', { level: 1, name: 'Phonak Store Aid 2' })).toBeVisible()
  await expect(page.getByText('$1,200.00').first()).toBeVisible()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByRole('button', { name: 'Cart, 1 item' }).click()
  const drawer = page.getByRole('dialog', { name: 'Your Cart' })
  const checkout = drawer.getByRole('button', { name: /^Checkout/ })
  await expect(checkout).toHaveAccessibleName('Checkout (opens in a new tab)')

  const opened = context.waitForEvent('page')
  await checkout.click()
  const tab = await opened
  await expect(tab).toHaveURL(new RegExp(`^${storefront.url}/checkouts/cn/`))
  await expect(tab.getByRole('heading', { name: 'Fake Shopify checkout' })).toBeVisible()
  expect(storefront.carts.at(-1)!.lines).toEqual([{ merchandiseId: 'gid://shopify/ProductVariant/5002', quantity: 1 }])
  await tab.close()

  // Shopify's checkout throttle: the spec's toast, and no stray tab left open.
  storefront.cartMode = 'throttled'
  const pagesBefore = context.pages().length
  await checkout.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to create checkout. Please try again.' })).toBeVisible()
  await expect.poll(() => context.pages().length).toBe(pagesBefore)
  storefront.cartMode = 'ok'
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
