import { COLLECTION_KEYS, type Product } from '@hearing/contracts'
import { StorefrontError, type StorefrontRequest } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Database } from './database.js'
import { FALLBACK_DESCRIPTION, formatPrice, StoreUnavailable, type CheckoutLine, type ProductStore } from './store.js'

/**
 * The shop's products from a Shopify store (Storefront API, shared/contracts.md §2): each
 * collection by handle (the collection keys), its products with their first variant, images and
 * the metafields for features (custom.features, a JSON list), warranty (custom.warranty) and
 * reviews (reviews.rating, reviews.rating_count). The whole catalogue is read at once and kept
 * (memory and Postgres) as the last good one; it is read again after a minute, in the background
 * while the last one is served. When the store fails, the last good catalogue is served with a
 * notice; only when none was ever read do visitors get the error.
 */
export const COLLECTION_QUERY = `query Collection($handle: String!, $first: Int!) {
  collection(handle: $handle) { id title
    products(first: $first) { pageInfo { hasNextPage endCursor }
      nodes { id handle title vendor description
        images(first: 10) { nodes { url altText } }
        variants(first: 1) { nodes { id availableForSale price { amount currencyCode } compareAtPrice { amount currencyCode } } }
        features: metafield(namespace: "custom", key: "features") { value }
        warranty: metafield(namespace: "custom", key: "warranty") { value }
        rating: metafield(namespace: "reviews", key: "rating") { value }
        ratingCount: metafield(namespace: "reviews", key: "rating_count") { value } } } } }`

export const CART_CREATE = `mutation CartCreate($lines: [CartLineInput!]) {
  cartCreate(input: { lines: $lines }) {
    cart { id checkoutUrl totalQuantity }
    userErrors { code field message }
    warnings { code message } } }`

/** Products per collection read (Storefront allows 250; the shop shows a handful). */
const PER_COLLECTION = 100
const FRESH_MS = 60_000
/** SPEC §9's warranty, for products without their own. */
const DEFAULT_WARRANTY = '3-3-3 warranty: 3 years for defects, 3 years loss/theft/damage, 3 years of service'
/** SPEC §8, shown with the last known products when the store cannot be read. */
export const STORE_FAILED = 'Failed to load products from Shopify. Please check your Shopify credentials and collection handles.'

const money = z.object({ amount: z.string().regex(/^\d+(\.\d+)?$/), currencyCode: z.string() })
const storefrontProduct = z.object({
  id: z.string(),
  handle: z.string().regex(/^[a-z0-9][a-z0-9-]{0,199}$/),
  title: z.string().min(1),
  vendor: z.string(),
  description: z.string(),
  images: z.object({ nodes: z.array(z.object({ url: z.string(), altText: z.string().nullish() })) }),
  variants: z.object({ nodes: z.array(z.object({ id: z.string(), price: money, compareAtPrice: money.nullish() })).min(1) }),
  features: z.object({ value: z.string() }).nullish(),
  warranty: z.object({ value: z.string() }).nullish(),
  rating: z.object({ value: z.string() }).nullish(),
  ratingCount: z.object({ value: z.string() }).nullish(),
})
const collectionData = z.object({ collection: z.object({ products: z.object({ nodes: z.array(z.unknown()) }) }).nullable() })
const cartData = z.object({
  cartCreate: z.object({
    cart: z.object({ checkoutUrl: z.string().url() }).nullable(),
    userErrors: z.array(z.object({ code: z.string().nullish(), message: z.string() })),
  }),
})

interface Catalogue {
  products: Array<Product & { priceCents: number }>
  collections: Record<string, string[]>
}

const cents = (amount: string) => Math.round(Number(amount) * 100)
const httpsOnly = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined)

function parseJson<T>(text: string | undefined, schema: z.ZodType<T>): T | undefined {
  if (!text) return undefined
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

function toProduct(raw: unknown, updatedAt: string): (Product & { priceCents: number }) | undefined {
  const parsed = storefrontProduct.safeParse(raw)
  if (!parsed.success) return undefined
  const p = parsed.data
  const variant = p.variants.nodes[0]!
  const priceCents = cents(variant.price.amount)
  const compareCents = variant.compareAtPrice ? cents(variant.compareAtPrice.amount) : 0
  const rating = parseJson(p.rating?.value, z.object({ value: z.coerce.number() }))?.value ?? Number(p.rating?.value)
  return {
    id: p.handle,
    title: p.title,
    brand: p.vendor || 'Hearing aid',
    price: formatPrice(priceCents),
    ...(compareCents > priceCents ? { comparePrice: formatPrice(compareCents) } : {}),
    images: p.images.nodes.map((i) => httpsOnly(i.url)).filter((u): u is string => Boolean(u)),
    description: p.description.trim() || FALLBACK_DESCRIPTION,
    features: parseJson(p.features?.value, z.array(z.string())) ?? [],
    warranty: p.warranty?.value.trim() || DEFAULT_WARRANTY,
    rating: Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0,
    reviews: Math.max(0, Math.trunc(Number(p.ratingCount?.value ?? 0)) || 0),
    shopifyVariantId: variant.id,
    updated_at: updatedAt,
    priceCents,
  }
}

export function shopifyProductStore({ db, request, log, now = Date.now }: { db: Kysely<Database>; request: StorefrontRequest; log: { warn(o: object, m: string): void }; now?: () => number }): ProductStore {
  let catalogue: Catalogue | undefined
  let fetchedAt = 0
  let failing: string | null = null
  let loadedFromDb = false
  let refreshing: Promise<void> | undefined

  async function readStore(): Promise<Catalogue> {
    const updatedAt = new Date(now()).toISOString()
    const products = new Map<string, Product & { priceCents: number }>()
    const collections: Record<string, string[]> = {}
    for (const key of COLLECTION_KEYS) {
      const parsed = collectionData.safeParse(await request(COLLECTION_QUERY, { handle: key, first: PER_COLLECTION }))
      if (!parsed.success) throw new StorefrontError('malformed')
      collections[key] = []
      for (const raw of parsed.data.collection?.products.nodes ?? []) {
        const product = toProduct(raw, updatedAt)
        if (!product) {
          log.warn({ provider: 'shopify', collection: key }, 'a Storefront product was left out: unexpected shape')
          continue
        }
        products.set(product.id, product)
        collections[key]!.push(product.id)
      }
    }
    return { products: [...products.values()], collections }
  }

  async function refresh(): Promise<void> {
    try {
      const fresh = await readStore()
      catalogue = fresh
      fetchedAt = now()
      failing = null
      await db
        .insertInto('store_snapshots')
        .values({ provider: 'shopify', catalogue: JSON.stringify(fresh), fetched_at: new Date(fetchedAt) })
        .onConflict((oc) => oc.column('provider').doUpdateSet({ catalogue: JSON.stringify(fresh), fetched_at: new Date(fetchedAt) }))
        .execute()
    } catch (err) {
      failing = err instanceof StorefrontError ? err.reason : 'unexpected'
      // Try again in a few seconds, not at once for every visitor.
      fetchedAt = now() - FRESH_MS + 5_000
      log.warn({ provider: 'shopify', reason: failing }, 'Storefront catalogue could not be read; serving the last good one')
    }
  }

  /** The catalogue to answer with: the last good one (refreshed in the background when old), or the first read. */
  async function current(): Promise<Catalogue> {
    if (!loadedFromDb) {
      loadedFromDb = true
      const row = await db.selectFrom('store_snapshots').selectAll().where('provider', '=', 'shopify').executeTakeFirst()
      if (row && !catalogue) {
        catalogue = row.catalogue as Catalogue
        fetchedAt = 0 // read again soon: it may be from before a restart long ago
      }
    }
    if (now() - fetchedAt >= FRESH_MS) {
      refreshing ??= refresh().finally(() => (refreshing = undefined))
      if (!catalogue) await refreshing
    }
    if (!catalogue) throw new StoreUnavailable(STORE_FAILED)
    return catalogue
  }

  const publicProduct = ({ priceCents: _priceCents, ...product }: Product & { priceCents: number }): Product => product

  return {
    provider: 'shopify',
    notice: () => (failing && catalogue ? STORE_FAILED : null),
    async listProducts() {
      return (await current()).products.map(publicProduct)
    },
    async getProduct(id) {
      const found = (await current()).products.find((p) => p.id === id)
      return found && publicProduct(found)
    },
    async collections(keys) {
      const { products, collections } = await current()
      const byId = new Map(products.map((p) => [p.id, p]))
      return Object.fromEntries(keys.map((key) => [key, (collections[key] ?? []).flatMap((id) => (byId.has(id) ? [publicProduct(byId.get(id)!)] : []))]))
    },
    async pricesInCents(ids) {
      const { products } = await current()
      return new Map(products.filter((p) => ids.includes(p.id)).map((p) => [p.id, { title: p.title, priceCents: p.priceCents }]))
    },
    async checkout(lines: CheckoutLine[]) {
      const { products } = await current()
      const byId = new Map(products.map((p) => [p.id, p]))
      const merchandise = lines.map((line) => {
        const product = byId.get(line.id)
        if (!product) throw new StoreUnavailable(`unknown product ${line.id}`, 400)
        return { merchandiseId: product.shopifyVariantId, quantity: line.quantity }
      })
      let data: unknown
      try {
        data = await request(CART_CREATE, { lines: merchandise })
      } catch (err) {
        throw new StoreUnavailable(`cart: ${err instanceof StorefrontError ? err.reason : 'unexpected'}`)
      }
      const parsed = cartData.safeParse(data)
      if (!parsed.success) throw new StoreUnavailable('cart: malformed')
      const { cart, userErrors } = parsed.data.cartCreate
      if (userErrors.length || !cart) throw new StoreUnavailable(`cart: ${userErrors.map((e) => e.code ?? 'error').join(',') || 'no cart'}`)
      return { checkoutUrl: cart.checkoutUrl }
    },
  }
}
