import { sql, type Migration } from 'kysely'

export const trustedDevices: Migration = {
  async up(db) {
    await db.schema
      .createTable('trusted_devices')
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('trusted_devices_pkey', ['token_hash', 'user_id'])
      .execute()
    await db.schema.createIndex('trusted_devices_user_idx').on('trusted_devices').column('user_id').execute()
    // Sign-ups and e-mail requests counted per address (login_throttle keeps failed sign-ins).
    await db.schema
      .createTable('request_throttle')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'timestamptz', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('request_throttle').execute()
    await db.schema.dropTable('trusted_devices').execute()
  },
}
