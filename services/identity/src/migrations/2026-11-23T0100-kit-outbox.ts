import { sql, type Migration } from 'kysely'

/**
 * identity's own e-mail outbox gives way to the kit's (one relay for every producer). E-mails not
 * handed over yet carry over; the key keeps kind and user, which the per-account link limit counts.
 */
export const kitOutbox: Migration = {
  async up(db) {
    await sql`alter table outbox rename to outbox_before_kit`.execute(db)
    await sql`drop index if exists outbox_pending_idx`.execute(db)
    await sql`drop index if exists outbox_user_idx`.execute(db)
    // The kit's outbox table as it was then (frozen here, not imported).
    await db.schema
      .withSchema('identity')
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
    await sql`create index outbox_pending_idx on identity.outbox (next_attempt_at) where handed_over_at is null`.execute(db)
    await sql`
      insert into outbox (topic, key, payload, created_at, handed_over_at, attempts, next_attempt_at, last_error)
      select 'email', 'email:' || kind || ':' || coalesce(user_id::text, 'nobody') || ':' || id,
             payload || jsonb_build_object('kind', kind), created_at,
             case when status = 'pending' then null else coalesce(sent_at, now()) end, attempts, next_attempt_at, last_error
      from outbox_before_kit
    `.execute(db)
    await sql`drop table outbox_before_kit`.execute(db)
  },
  async down(db) {
    // Back to identity's own outbox (its shape as 2026-11-23T0000-accounts made it): the e-mails
    // return, handed over ones as sent, with the account their key names when it still exists.
    await sql`alter table outbox rename to outbox_kit`.execute(db)
    await sql`drop index if exists outbox_pending_idx`.execute(db)
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
    await sql`
      insert into outbox (kind, user_id, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at)
      select coalesce(payload ->> 'kind', 'email'), (select u.id from users u where u.id::text = split_part(o.key, ':', 3)),
             payload - 'kind', case when handed_over_at is null then 'pending' else 'sent' end,
             attempts, next_attempt_at, last_error, created_at, handed_over_at
      from outbox_kit o where topic = 'email'
    `.execute(db)
    await sql`drop table outbox_kit`.execute(db)
  },
}
