import { sql, type Migration } from 'kysely'

export const knownAddresses: Migration = {
  async up(db) {
    // Addresses an account signed in from: its limit for guesses from everywhere spares them.
    await db.schema
      .createTable('known_addresses')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute()
    await db.schema.createIndex('known_addresses_user_idx').on('known_addresses').column('user_id').execute()
  },
  async down(db) {
    await db.schema.dropTable('known_addresses').execute()
  },
}
