import { sql, type Migration } from 'kysely'

export const emails: Migration = {
  async up(db) {
    await db.schema
      .createTable('emails')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text')
      .addColumn('status', 'text', (c) =>
        c.notNull().defaultTo('pending').check(sql`status in ('pending', 'queued', 'sent', 'local', 'failed')`),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('queued_at', 'timestamptz')
      .addColumn('sent_at', 'timestamptz')
      .execute()
    // The mailbox lists newest first; the sweeper looks for rows not yet delivered.
    await db.schema.createIndex('emails_created_at_idx').on('emails').column('created_at').execute()
    await db.schema
      .createIndex('emails_undelivered_idx')
      .on('emails')
      .columns(['status', 'queued_at'])
      .where(sql.ref('status'), 'in', ['pending', 'queued'])
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('emails').execute()
  },
}
