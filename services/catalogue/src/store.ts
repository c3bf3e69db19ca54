import type { Product } from '@hearing/contracts'
import type { Kysely, Selectable } from 'kysely'
import type { Database, ProductsTable } from './database.js'

/** SPEC §3: "description (generic fallback text if empty)". */
export const FALLBACK_DESCRIPTION =
  'Advanced hearing technology fitted and fine-tuned by our audiologists, with follow-up care included.'

/** Where the SPA serves the product images (web/public/media/products, made by `npm run generate-media -w web -- --only=products` from data/products.json). */
export const IMAGE_BASE = '/media/products/'

/** One line of a cart to check out: a product and how many. */
export interface CheckoutLine {
  id: string
  quantity: number
}

/** The store cannot answer: nothing was ever read from it, or it refused a cart. */
export class StoreUnavailable extends Error {
  constructor(
    message: string,
    readonly statusCode = 502,
  ) {
    super(message)
    this.name = 'StoreUnavailable'
  }
}

/** The store behind the shop: the local catalogue (the embedded default) or a Shopify store. */
export interface ProductStore {
  readonly provider: 'local' | 'shopify'
  /** Set while the store fails and the last good catalogue is served instead. */
  notice(): string | null
  listProducts(): Promise<Product[]>
  getProduct(id: string): Promise<Product | undefined>
  /** Products per requested collection key, in collection order; unknown keys map to []. */
  collections(keys: readonly string[]): Promise<Record<string, Product[]>>
  /** Unit prices in cents from the catalogue, for pricing a cart on the server. */
  pricesInCents(ids: readonly string[]): Promise<Map<string, { title: string; priceCents: number }>>
  /** Shopify: a store cart for these lines, priced by the store; its checkout address. */
  checkout?(lines: CheckoutLine[]): Promise<{ checkoutUrl: string }>
}

export const formatPrice = (cents: number) => `$${(cents / 100).toFixed(2)}`

function toProduct(row: Selectable<ProductsTable>): Product {
  return {
    id: row.id,
    title: row.title,
    brand: row.brand,
    price: formatPrice(row.price_cents),
    ...(row.compare_price_cents === null ? {} : { comparePrice: formatPrice(row.compare_price_cents) }),
    images: row.images.map((name) => IMAGE_BASE + name),
    description: row.description.trim() === '' ? FALLBACK_DESCRIPTION : row.description,
    features: row.features,
    warranty: row.warranty,
    rating: row.rating,
    reviews: row.reviews,
    shopifyVariantId: row.store_variant_id,
    updated_at: row.updated_at.toISOString(),
  }
}

/** The embedded default: the catalogue seeded from data/products.json into this service's schema. */
export function localProductStore(db: Kysely<Database>): ProductStore {
  return {
    provider: 'local',
    notice: () => null,
    async listProducts() {
      const rows = await db.selectFrom('products').selectAll().orderBy('brand').orderBy('title').execute()
      return rows.map(toProduct)
    },
    async getProduct(id) {
      const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst()
      return row && toProduct(row)
    },
    async collections(keys) {
      const result: Record<string, Product[]> = Object.fromEntries(keys.map((k) => [k, []]))
      if (keys.length === 0) return result
      const rows = await db
        .selectFrom('collection_products as cp')
        .innerJoin('products as p', 'p.id', 'cp.product_id')
        .selectAll('p')
        .select('cp.collection_key')
        .where('cp.collection_key', 'in', keys)
        .orderBy('cp.collection_key')
        .orderBy('cp.position')
        .execute()
      for (const { collection_key, ...row } of rows) result[collection_key]!.push(toProduct(row))
      return result
    },
    async pricesInCents(ids) {
      if (ids.length === 0) return new Map()
      const rows = await db.selectFrom('products').select(['id', 'title', 'price_cents']).where('id', 'in', ids).execute()
      return new Map(rows.map((r) => [r.id, { title: r.title, priceCents: r.price_cents }]))
    },
  }
}
