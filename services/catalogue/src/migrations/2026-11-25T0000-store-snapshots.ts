import { sql, type Migration } from 'kysely'

/**
 * The last catalogue read whole from an outside store (Shopify): served when the store fails, so
 * visitors see the last known products instead of nothing. One row per provider.
 */
export const storeSnapshots: Migration = {
  async up(db) {
    await sql`
      create table store_snapshots (
        provider text primary key,
        catalogue jsonb not null,
        fetched_at timestamptz not null default now()
      )
    `.execute(db)
  },
  async down(db) {
    await sql`drop table store_snapshots`.execute(db)
  },
}
