import { httpError, type App } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { COLLECTION_KEYS } from '../catalogue-data.js'
import { listCollections } from '../collections.js'
import type { Database } from '../database.js'
import { StoreUnavailable, type ProductStore } from '../store.js'

const collection = z.object({ key: z.string(), title: z.string() })

export const productSchema = z.object({
  id: z.string(),
  title: z.string(),
  brand: z.string(),
  price: z.string(),
  comparePrice: z.string().optional(),
  images: z.array(z.string()),
  description: z.string(),
  features: z.array(z.string()),
  warranty: z.string(),
  rating: z.number(),
  reviews: z.number(),
  shopifyVariantId: z.string(),
  updated_at: z.string(),
})

const keysQuery = z.object({
  /** Comma-separated collection keys (SPEC §7 store products function: "collections: list of keys"). */
  keys: z
    .string()
    .transform((s) => [...new Set(s.split(',').map((k) => k.trim()).filter(Boolean))])
    .pipe(z.array(z.enum(COLLECTION_KEYS)).min(1, 'at least one collection key'))
    .optional(),
})

/** The store's failure as the caller's answer (502 with the spec's message; 400 for an unknown product). */
async function fromStore<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (err) {
    if (err instanceof StoreUnavailable) throw httpError(err.statusCode, err.message, { expose: true })
    throw err
  }
}

const checkoutBody = z.strictObject({
  items: z
    .array(z.strictObject({ id: z.string().min(1).max(200), quantity: z.number().int().min(1).max(20) }))
    .min(1, 'Your cart is empty')
    .max(50),
})

/**
 * Without `keys`: the catalogue's collections, in display order (each key is also the section's
 * anchor id). With `keys`: `{ collections: { key: Product[] } }`, the store products function.
 */
export function collectionsRoutes(app: App, db: Kysely<Database>, store: ProductStore) {
  app.get(
    '/collections',
    {
      schema: {
        querystring: keysQuery,
        response: {
          200: z.union([
            z.array(collection),
            // notice: the store failed and these are the last products read from it.
            z.object({ collections: z.record(z.string(), z.array(productSchema)), notice: z.string().optional() }),
          ]),
        },
      },
    },
    async (req) => {
      const { keys } = req.query as z.output<typeof keysQuery>
      if (!keys) return listCollections(db)
      const collections = await fromStore(() => store.collections(keys))
      const notice = store.notice()
      return notice ? { collections, notice } : { collections }
    },
  )

  app.get('/products', { schema: { response: { 200: z.object({ products: z.array(productSchema) }) } } }, async () => ({
    products: await fromStore(() => store.listProducts()),
  }))

  /** Which checkout the cart offers: an order request (local) or the store's own (shopify). */
  app.get('/store', { schema: { response: { 200: z.object({ provider: z.enum(['local', 'shopify']) }) } } }, async () => ({ provider: store.provider }))

  // The store prices the cart itself from its variants; we send ids and quantities only.
  const checkout = store.checkout?.bind(store)
  if (checkout) {
    app.post('/checkout', { bodyLimit: 16 * 1024, schema: { body: checkoutBody, response: { 200: z.object({ checkoutUrl: z.string() }) } } }, async (req) => {
      const lines = new Map<string, number>()
      for (const item of req.body.items) lines.set(item.id, (lines.get(item.id) ?? 0) + item.quantity)
      try {
        return await checkout([...lines].map(([id, quantity]) => ({ id, quantity })))
      } catch (err) {
        if (!(err instanceof StoreUnavailable)) throw err
        req.log.warn({ reason: err.message }, 'store checkout failed')
        throw httpError(err.statusCode, err.statusCode === 400 ? err.message : 'Failed to create checkout. Please try again.', { expose: true })
      }
    })
  }

  app.get(
    '/products/:id',
    { schema: { params: z.object({ id: z.string().min(1).max(200) }), response: { 200: productSchema } } },
    async (req) => {
      const product = await fromStore(() => store.getProduct((req.params as { id: string }).id))
      if (!product) throw httpError(404, 'Product not found.')
      return product
    },
  )
}
