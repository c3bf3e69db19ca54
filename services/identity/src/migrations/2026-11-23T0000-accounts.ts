import { sql, type Migration } from 'kysely'

export const accounts: Migration = {
  async up(db) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(btrim(email)) and length(email) between 3 and 254`))
      .addColumn('email_verified_at', 'timestamptz')
      .addColumn('password_hash', 'text')
      .addColumn('google_sub', 'text', (c) => c.unique())
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer').check(sql`role in ('customer', 'staff', 'admin')`))
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('phone', 'text')
      .addColumn('address_line1', 'text')
      .addColumn('address_line2', 'text')
      .addColumn('city', 'text')
      .addColumn('state', 'text')
      .addColumn('zip_code', 'text')
      .addColumn('country', 'text', (c) => c.notNull().defaultTo('US').check(sql`country = 'US'`))
      .addColumn('preferred_location_uid', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute()
    await sql`create unique index users_email_key on users (lower(email))`.execute(db)
    await db.schema.createIndex('users_role_idx').on('users').column('role').execute()

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('family_id', 'uuid', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('absolute_expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('replaced_by', 'uuid')
      .addColumn('successor_sealed', 'text')
      .addColumn('revoked_at', 'timestamptz')
      .execute()
    await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute()
    await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute()

    await db.schema
      .createTable('one_time_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('confirm', 'reset', 'invite')`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute()
    await db.schema.createIndex('one_time_tokens_user_idx').on('one_time_tokens').columns(['user_id', 'purpose']).execute()

    await db.schema
      .createTable('login_throttle')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'timestamptz', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('sent_at', 'timestamptz')
      .execute()
    await sql`create index outbox_pending_idx on outbox (next_attempt_at) where status = 'pending'`.execute(db)
    await db.schema.createIndex('outbox_user_idx').on('outbox').columns(['user_id', 'kind', 'created_at']).execute()
  },
  async down(db) {
    for (const table of ['outbox', 'login_throttle', 'one_time_tokens', 'refresh_tokens', 'users']) {
      await db.schema.dropTable(table).execute()
    }
  },
}
