import type { Migration } from 'kysely'

export const collections: Migration = {
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
}
