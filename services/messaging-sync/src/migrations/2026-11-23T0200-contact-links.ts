import { sql, type Migration } from 'kysely'

/** The spec's messaging integration record: which messaging contact a user is, since when. */
export const contactLinks: Migration = {
  async up(db) {
    await db.schema
      .createTable('contact_links')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('contact_id', 'text', (c) => c.notNull())
      .addColumn('last_synced', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('welcomed_at', 'timestamptz')
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('contact_links').execute()
  },
}
