import { COLLECTION_KEYS, product, productsByCollection } from '@hearing/contracts'
import { httpError, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { listCollections } from '../collections.js'
import type { Database } from '../database.js'
import { StoreUnavailable, type ProductStore } from '../store.js'

const collection = z.object({ key: z.string(), title: z.string() })

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

/**
 * The shop's products. GET /collections without `keys`: the catalogue's collections, in display
 * order (each key is also the section's anchor id); with `keys`: `{ collections: { key: Product[] } }`,
 * the store products function. GET /products and /products/:id: every product, one product.
 */
export const collectionsRoutes: RouteGroup<Database, { store: ProductStore }> = (app, { store }) => {
  const db = app.db

  app.get(
    '/collections',
    { schema: { querystring: keysQuery, response: { 200: z.union([z.array(collection), productsByCollection]) } } },
    async (req) => {
      const { keys } = req.query as z.output<typeof keysQuery>
      if (!keys) return listCollections(db)
      const collections = await fromStore(() => store.collections(keys))
      const notice = store.notice()
      return notice ? { collections, notice } : { collections }
    },
  )

  app.get('/products', { schema: { response: { 200: z.object({ products: z.array(product) }) } } }, async () => ({
    products: await fromStore(() => store.listProducts()),
  }))

  app.get(
    '/products/:id',
    { schema: { params: z.object({ id: z.string().min(1).max(200) }), response: { 200: product } } },
    async (req) => {
      const found = await fromStore(() => store.getProduct(req.params.id))
      if (!found) throw httpError(404, 'Product not found.')
      return found
    },
  )
}
