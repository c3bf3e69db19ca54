import { sql, type Migration } from 'kysely'

export const locations: Migration = {
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
}
