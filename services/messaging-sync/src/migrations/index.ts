import type { Migrations } from '@hearing/service-kit'
import { sql } from 'kysely'
import { podium } from './2026-11-25T0200-podium.js'
import { contactSyncs } from './2026-11-25T0300-contact-syncs.js'

// Frozen in time: migrations never import application code.
export const migrations: Migrations = {
  '2026-11-21T0000-locations': {
    async up(db) {
      await db.schema
        .createTable('locations')
        .addColumn('uid', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute()
    },
    async down(db) {
      await db.schema.dropTable('locations').execute()
    },
  },
  '2026-11-22T0100-emails': {
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
  },
  // One table and one status machine for everything handed to messaging-sync (e-mails included).
  '2026-11-23T0000-deliveries': {
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
  },
  // The spec's messaging integration record: which messaging contact a user is, since when.
  '2026-11-23T0200-contact-links': {
    async up(db) {
      await db.schema
        .createTable('contact_links')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('contact_id', 'text', (c) => c.notNull())
        .addColumn('last_synced', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('welcomed_at', 'timestamptz')
        .execute()
    },
  },
  '2026-11-25T0200-podium': podium,
  '2026-11-25T0300-contact-syncs': contactSyncs,
}
