import { outboxMigration, type Migrations } from '@hearing/service-kit'
import { orderRequests } from './2026-11-23-order-requests.js'
import { products } from './2026-11-23-products.js'
import { storeSnapshots } from './2026-11-25-store-snapshots.js'

// Frozen in time: migrations never import application code.
export const migrations: Migrations = {
  '2026-11-22T0000-collections': {
    async up(db) {
      await db.schema
        .createTable('collections')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
    async down(db) {
      await db.schema.dropTable('collections').execute()
    },
  },
  '2026-11-23T2300-products': products,
  '2026-11-23T2310-order-requests': orderRequests,
  '2026-11-23T2311-outbox': outboxMigration('catalogue'),
  '2026-11-25T0000-store-snapshots': storeSnapshots,
}
