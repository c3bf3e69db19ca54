import { COLLECTION_KEYS, COLLECTION_TITLES } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import { loadCatalogueData } from './catalogue-data.js'
import type { Database } from './database.js'

/** The store's collections, in the order the /products page shows them (SPEC §2). */
const COLLECTIONS = COLLECTION_KEYS.map((key) => ({ key, title: COLLECTION_TITLES[key] }))

const cents = (amount: number) => Math.round(amount * 100)

/**
 * Inserts the collections that are missing (existing rows are left alone), then makes the products
 * and their collection memberships equal to data/products.json: the data file is the catalogue.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const products = loadCatalogueData()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('collections')
      .values(COLLECTIONS.map((c, position) => ({ ...c, position })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
    for (const p of products) {
      const row = {
        title: p.title,
        brand: p.brand,
        price_cents: cents(p.price),
        compare_price_cents: p.comparePrice === undefined ? null : cents(p.comparePrice),
        images: JSON.stringify(p.images),
        description: p.description,
        features: JSON.stringify(p.features),
        warranty: p.warranty,
        rating: p.rating,
        reviews: p.reviews,
        store_variant_id: p.storeVariantId,
      }
      // updated_at moves only when something changed, so the sitemap's lastmod stays truthful.
      await trx
        .insertInto('products')
        .values({ id: p.id, ...row })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet({ ...row, updated_at: new Date() })
            .where((eb) =>
              eb.or(
                Object.keys(row).map((col) =>
                  eb(`products.${col as keyof typeof row}`, 'is distinct from', eb.ref(`excluded.${col as keyof typeof row}`)),
                ),
              ),
            ),
        )
        .execute()
    }
    const ids = products.map((p) => p.id)
    await trx.deleteFrom('collection_products').execute()
    if (ids.length > 0) await trx.deleteFrom('products').where('id', 'not in', ids).execute()
    else await trx.deleteFrom('products').execute()
    const positions = new Map<string, number>()
    const memberships = products.flatMap((p) =>
      p.collections.map((key) => {
        const position = positions.get(key) ?? 0
        positions.set(key, position + 1)
        return { collection_key: key, product_id: p.id, position }
      }),
    )
    if (memberships.length > 0) await trx.insertInto('collection_products').values(memberships).execute()
  })
}
