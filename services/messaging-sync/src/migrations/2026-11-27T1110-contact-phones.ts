import { sql, type Migration } from 'kysely'

/**
 * Households share phones, and the messaging provider keys contacts on them: each phone belongs to
 * the first account whose contact was synced with it (contact/shared-phones.ts).
 */
export const contactPhones: Migration = {
  async up(db) {
    await db.schema
      .createTable('contact_phones')
      .addColumn('phone', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().unique())
      .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('contact_phones').execute()
  },
}
