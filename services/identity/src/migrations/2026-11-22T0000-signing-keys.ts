import { sql, type Migration } from 'kysely'

export const signingKeys: Migration = {
  async up(db) {
    await db.schema
      .createTable('signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('algorithm', 'text', (c) => c.notNull().defaultTo('EdDSA').check(sql`algorithm = 'EdDSA'`))
      .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
      .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('retired_at', 'timestamptz')
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('signing_keys').execute()
  },
}
