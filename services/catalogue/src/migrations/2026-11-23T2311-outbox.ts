import { sql, type Migration } from 'kysely'

/** The transactional outbox the kit's relay hands to messaging-sync (a frozen copy of its shape then). */
export const outbox: Migration = {
  async up(db) {
    await db.schema
      .withSchema('catalogue')
      .createTable('outbox')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('handed_over_at', 'timestamptz')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_error', 'text')
      .execute()
    // The relay only ever looks at rows not handed over yet, oldest due first.
    await sql`create index outbox_pending_idx on catalogue.outbox (next_attempt_at) where handed_over_at is null`.execute(db)
  },
  async down(db) {
    await db.schema.withSchema('catalogue').dropTable('outbox').execute()
  },
}
