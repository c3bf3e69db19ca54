import { FAKE_STOREFRONT_TOKEN, startFakeStorefront, storefrontProduct, type FakeStorefront, type StorefrontMode } from '@hearing/infra/fakes/storefront'
import t from 'tap'
import { build, testConfig } from './helper.js'

interface Teardown {
  teardown(fn: () => unknown): void
}

const STORE_FAILED = 'Failed to load products from Shopify. Please check your Shopify credentials and collection handles.'
const KEYS = 'phonak,signia,oticon,unitron,best-sellers'

async function fakeStore(t: Teardown) {
  const phonak = [storefrontProduct(1, 'Phonak'), storefrontProduct(2, 'Phonak', { description: '', features: null, warranty: null, rating: null, ratingCount: null })]
  const signia = [storefrontProduct(3, 'Signia')]
  const fake = await startFakeStorefront({}, { phonak, signia, oticon: [storefrontProduct(4, 'Oticon')], unitron: [], 'best-sellers': [phonak[0]!, signia[0]!] })
  t.teardown(() => fake.close())
  return fake
}

async function shopifyConfig(t: Teardown, fake: FakeStorefront, overrides: Record<string, string> = {}) {
  return testConfig(t, { STORE_PROVIDER: 'shopify', SHOPIFY_STORE_URL: fake.url, SHOPIFY_STOREFRONT_TOKEN: FAKE_STOREFRONT_TOKEN, STORE_TIMEOUT_MS: '500', ...overrides })
}

t.test('the shop reads its collections from Shopify: products, prices, images, metafields, the store checkout', async (t) => {
  const fake = await fakeStore(t)
  const { app } = await build(t, await shopifyConfig(t, fake))
  t.same((await app.inject('/store')).json(), { provider: 'shopify' })
  const res = await app.inject(`/collections?keys=${KEYS}`)
  t.equal(res.statusCode, 200)
  const { collections, notice } = res.json() as { collections: Record<string, Array<Record<string, unknown>>>; notice?: string }
  t.equal(notice, undefined, 'no notice while the store answers')
  t.same(
    Object.fromEntries(Object.entries(collections).map(([k, v]) => [k, v.map((p) => p.id)])),
    { phonak: ['phonak-store-aid-1', 'phonak-store-aid-2'], signia: ['signia-store-aid-3'], oticon: ['oticon-store-aid-4'], unitron: [], 'best-sellers': ['phonak-store-aid-1', 'signia-store-aid-3'] },
    'each collection by its handle, in the store’s order; Unitron empty',
  )
  t.match(collections.phonak![0], {
    title: 'Phonak Store Aid 1',
    brand: 'Phonak',
    price: '$1100.00',
    images: ['https://cdn.shopify.com/s/files/1/aid-1-a.png', 'https://cdn.shopify.com/s/files/1/aid-1-b.png'],
    features: ['Rechargeable', 'Bluetooth streaming'],
    warranty: '3-year warranty',
    rating: 4.6,
    reviews: 37,
    shopifyVariantId: 'gid://shopify/ProductVariant/5001',
  })
  t.equal(collections.phonak![0]!.comparePrice, undefined, 'no compare price when the store has none')
  t.match(collections.phonak![1], { comparePrice: '$1400.00', features: [], rating: 0, reviews: 0, warranty: /^3-3-3 warranty/, description: /Advanced hearing technology/ }, 'missing fields fall back')
  t.match((await app.inject('/products/signia-store-aid-3')).json(), { title: 'Signia Store Aid 3' })
  t.equal((await app.inject('/products/nope')).statusCode, 404)
  t.equal(fake.calls.filter((c) => c.operation === 'collection').length, 5, 'one read of the catalogue serves every page for a minute')

  const checkout = await app.inject({ method: 'POST', url: '/checkout', payload: { items: [{ id: 'phonak-store-aid-1', quantity: 1 }, { id: 'signia-store-aid-3', quantity: 2 }, { id: 'phonak-store-aid-1', quantity: 1 }] } })
  t.equal(checkout.statusCode, 200, checkout.body)
  const { checkoutUrl } = checkout.json() as { checkoutUrl: string }
  t.equal(checkoutUrl, fake.carts[0]!.checkoutUrl, "the store cart's checkout address")
  t.same(
    fake.carts[0]!.lines,
    [
      { merchandiseId: 'gid://shopify/ProductVariant/5001', quantity: 2 },
      { merchandiseId: 'gid://shopify/ProductVariant/5003', quantity: 2 },
    ],
    'variants and quantities only, the same product merged: the store prices the cart',
  )
  t.equal((await fetch(checkoutUrl)).status, 200)

  const tampered = await app.inject({ method: 'POST', url: '/checkout', payload: { items: [{ id: 'phonak-store-aid-1', quantity: 1, price: '$1.00' }] } })
  t.equal(tampered.statusCode, 400, 'a price from the browser is refused, never used')
  const empty = await app.inject({ method: 'POST', url: '/checkout', payload: { items: [] } })
  t.equal(empty.statusCode, 400)
  t.match(empty.json(), { message: /Your cart is empty/ })
  const unknown = await app.inject({ method: 'POST', url: '/checkout', payload: { items: [{ id: 'not-in-the-store', quantity: 1 }] } })
  t.equal(unknown.statusCode, 400)

  for (const mode of ['throttled', 'rate-limited', 'server-error', 'security-rejection'] as StorefrontMode[]) {
    fake.cartMode = mode
    const failed = await app.inject({ method: 'POST', url: '/checkout', payload: { items: [{ id: 'signia-store-aid-3', quantity: 1 }] } })
    t.equal(failed.statusCode, 502, `cart ${mode}: 502`)
    t.equal((failed.json() as { message: string }).message, 'Failed to create checkout. Please try again.')
  }
  fake.cartMode = 'ok'
  fake.collections.get('signia')![0]!.variants.nodes[0]!.id = 'gid://shopify/ProductVariant/gone'
  const userErrors = await app.inject({ method: 'POST', url: '/checkout', payload: { items: [{ id: 'oticon-store-aid-4', quantity: 1 }, { id: 'signia-store-aid-3', quantity: 1 }] } })
  t.equal(userErrors.statusCode, 502, 'userErrors from cartCreate fail the checkout')
})

t.test('nothing ever read: every failure of the store is a 502 with the spec message, never a 500 or placeholder products', async (t) => {
  const fake = await fakeStore(t)
  for (const mode of ['server-error', 'rate-limited', 'security-rejection', 'throttled', 'not-json', 'hang'] as StorefrontMode[]) {
    fake.mode = mode
    fake.hangMs = 2000
    const { app } = await build(t, await shopifyConfig(t, fake))
    const res = await app.inject(`/collections?keys=${KEYS}`)
    t.equal(res.statusCode, 502, `${mode}: 502`)
    t.equal((res.json() as { message: string }).message, STORE_FAILED)
    t.equal((await app.inject('/products')).statusCode, 502)
    t.equal((await app.inject('/products/phonak-store-aid-1')).statusCode, 502)
    await app.close()
  }
  const wrongToken = await build(t, await shopifyConfig(t, fake, { SHOPIFY_STOREFRONT_TOKEN: 'wrong-token' }))
  fake.mode = 'ok'
  t.equal((await wrongToken.app.inject(`/collections?keys=${KEYS}`)).statusCode, 502, 'a wrong token too')
})

t.test('the store failing after a good read: the last good catalogue with the notice, also after a restart', async (t) => {
  const fake = await fakeStore(t)
  const config = await shopifyConfig(t, fake)
  const first = await build(t, config)
  t.equal((await first.app.inject(`/collections?keys=${KEYS}`)).statusCode, 200)
  await first.app.close()

  fake.mode = 'server-error'
  const { app } = await build(t, config)
  const res = await app.inject(`/collections?keys=${KEYS}`)
  t.equal(res.statusCode, 200, 'the last good products, not an error')
  const body = res.json() as { collections: Record<string, unknown[]>; notice?: string }
  t.equal(body.collections.phonak!.length, 2)
  // The read started by that request fails in the background; the notice says so from then on.
  await new Promise((r) => setTimeout(r, 200))
  const later = (await app.inject(`/collections?keys=${KEYS}`)).json() as { notice?: string }
  t.equal(later.notice, STORE_FAILED, 'with the notice that the store could not be read')
  t.equal((await app.inject('/products/phonak-store-aid-1')).statusCode, 200)
})
