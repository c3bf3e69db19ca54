import type { Migrations } from '@hearing/service-kit'

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
}
