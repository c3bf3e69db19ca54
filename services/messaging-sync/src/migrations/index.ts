import type { Migrations } from '@hearing/service-kit'
import { sql } from 'kysely'

// Frozen in time: migrations never import application code.
export const migrations: Migrations = {
  '2026-11-21T0000-locations': {
    async up(db) {
      await db.schema
        .createTable('locations')
        .addColumn('uid', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
    },
    async down(db) {
      await db.schema.dropTable('locations').execute()
    },
  },
}
