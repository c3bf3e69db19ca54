import { expect, test } from '@playwright/test'

import { FAKE_STOREFRONT_TOKEN, startFakeStorefront, storefrontProduct, type FakeStorefront } from '../src/fakes/storefront/index.js'
import { E2E_PORT } from './support/env.js'
import { startExtraStack, type ExtraStack } from './support/extra-stack.js'

/**
 * The shop on a Shopify store (STORE_PROVIDER=shopify), through a stack of its own against the fake
 * Storefront: the store's collections on /products and the product page, and Checkout opening the
 * store's checkout in a new tab (or the spec's toast when the store refuses the cart).
 */

const PORT = E2E_PORT + 60
const BASE = `http://127.0.0.1:${PORT}`
test.use({ baseURL: BASE })
test.describe.configure({ mode: 'serial', timeout: 120_000 })

let storefront: FakeStorefront
let stack: ExtraStack

/** The store's pictures are the site's own here: the browser has no internet, and the CSP allows our origin. */
const withLocalImages = (i: number, brand: string, file: string) =>
  storefrontProduct(i, brand, { images: { nodes: [{ url: `${BASE}/media/products/${file}`, altText: `${brand} aid ${i}` }] } })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const phonak = [withLocalImages(1, 'Phonak', 'phonak-audeo-sphere-1.svg'), withLocalImages(2, 'Phonak', 'phonak-audeo-sphere-2.svg')]
  const signia = [withLocalImages(3, 'Signia', 'oticon-intent-1.svg')]
  storefront = await startFakeStorefront({}, { phonak, signia, oticon: [], unitron: [], 'best-sellers': [phonak[0]!] })
  stack = await startExtraStack(PORT, { STORE_PROVIDER: 'shopify', SHOPIFY_STORE_URL: storefront.url, SHOPIFY_STOREFRONT_TOKEN: FAKE_STOREFRONT_TOKEN })
})

test.afterAll(async () => {
  await stack?.stop()
  await storefront?.close()
})

test("the store's products, then Checkout opens the store's checkout in a new tab", async ({ page, context }) => {
  await page.goto('/products')
  await expect(page.getByRole('heading', { level: 2, name: 'Phonak Store Aid 1' })).toBeVisible()
  await expect(page.locator('section#phonak')).toBeVisible()
  await expect(page.locator('section#oticon')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Failed to load products' })).toHaveCount(0)

  await page.goto('/products/phonak-store-aid-2')
  await expect(page.getByRole('heading', { level: 1, name: 'Phonak Store Aid 2' })).toBeVisible()
  await expect(page.getByText('$1200.00').first()).toBeVisible()
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
