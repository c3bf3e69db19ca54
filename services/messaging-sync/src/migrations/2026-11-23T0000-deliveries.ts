import { sql, type Migration } from 'kysely'
import { emails } from './2026-11-22T0100-emails.js'

/** One table and one status machine for everything handed to messaging-sync (e-mails included). */
export const deliveries: Migration = {
  async up(db) {
    await db.schema
      .createTable('deliveries')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull().check(sql`topic in ('email', 'message', 'contact', 'appointment')`))
      .addColumn('payload', 'jsonb')
      .addColumn('status', 'text', (c) =>
        c.notNull().defaultTo('pending').check(sql`status in ('pending', 'queued', 'waiting', 'delivered', 'local', 'failed', 'refused')`),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('provider_ref', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('queued_at', 'timestamptz')
      .addColumn('retry_at', 'timestamptz')
      .addColumn('delivered_at', 'timestamptz')
      .addColumn('handled_at', 'timestamptz')
      .addUniqueConstraint('deliveries_source_key_unique', ['source', 'key'])
      .execute()
    await db.schema.createIndex('deliveries_topic_created_idx').on('deliveries').columns(['topic', 'created_at']).execute()
    await sql`create index deliveries_unsettled_idx on deliveries (topic, created_at) where status in ('pending', 'queued', 'waiting')`.execute(db)
    // The e-mails of the old table carry over: same ids, statuses renamed (sent -> delivered).
    await sql`
      insert into deliveries (id, source, key, topic, payload, status, attempts, last_error, created_at, queued_at, delivered_at)
      select id, 'identity', idempotency_key, 'email',
             jsonb_strip_nulls(jsonb_build_object('to', to_address, 'subject', subject, 'text', text_body, 'html', html_body)),
             case status when 'sent' then 'delivered' else status end, attempts, last_error, created_at, queued_at, sent_at
      from emails
    `.execute(db)
    await db.schema.dropTable('emails').execute()
  },
  async down(db) {
    // Back to the e-mails table this one replaced: the e-mails return to it (statuses renamed
    // back), whatever else was handed over goes.
    await emails.up(db)
    await sql`
      insert into emails (id, idempotency_key, to_address, subject, text_body, html_body, status, attempts, last_error, created_at, queued_at, sent_at)
      select id, case when source = 'identity' then key else source || ':' || key end,
             payload ->> 'to', payload ->> 'subject', payload ->> 'text', payload ->> 'html',
             case status when 'delivered' then 'sent' when 'waiting' then 'queued' when 'refused' then 'failed' else status end,
             attempts, last_error, created_at, queued_at, delivered_at
      from deliveries where topic = 'email'
    `.execute(db)
    await db.schema.dropTable('deliveries').execute()
  },
}
