import { sql, type Migration } from 'kysely'

// Frozen in time: migrations never import application code.
export const orderRequests: Migration = {
  async up(db) {
    await db.schema
      .createTable('order_requests')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('user_id', 'text')
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('location_uid', 'text', (c) => c.notNull())
      .addColumn('items', 'jsonb', (c) => c.notNull())
      .addColumn('total_cents', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('new').check(sql`status in ('new', 'contacted', 'fitted', 'cancelled')`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute()
    await db.schema.createIndex('order_requests_created_idx').on('order_requests').column('created_at').execute()
    await db.schema.createIndex('order_requests_user_idx').on('order_requests').column('user_id').execute()
  },
  async down(db) {
    await db.schema.dropTable('order_requests').execute()
  },
}
