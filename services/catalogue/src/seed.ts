import type { Kysely } from 'kysely'
import type { Database } from './database.js'

/** The store's collections, in the order the /products page shows them (SPEC §2). */
export const COLLECTIONS: ReadonlyArray<{ key: string; title: string }> = [
  { key: 'phonak', title: 'Phonak' },
  { key: 'signia', title: 'Signia' },
  { key: 'oticon', title: 'Oticon' },
  { key: 'unitron', title: 'Unitron' },
  { key: 'best-sellers', title: 'Best Sellers' },
]

/** Inserts the collections that are missing; leaves existing rows alone. */
export async function seed(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('collections')
    .values(COLLECTIONS.map((c, position) => ({ ...c, position })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
}
