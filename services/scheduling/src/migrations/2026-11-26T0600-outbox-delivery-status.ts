import { sql, type Migration } from 'kysely'

/**
 * The provider sync's status comes back into the outbox (the relay's trackTopics): staff's lists
 * read it here instead of asking messaging-sync on every request.
 */
export const outboxDeliveryStatus: Migration = {
  async up(db) {
    await sql`
      alter table outbox
        add column delivery_status text,
        add column delivery_attempts integer,
        add column delivery_error text,
        add column status_checked_at timestamptz
    `.execute(db)
    // The relay looks only at handed-over rows whose delivery may still change.
    await sql`
      create index outbox_unsettled_idx on outbox (created_at)
      where handed_over_at is not null and (delivery_status is null or delivery_status in ('pending', 'queued', 'waiting'))
    `.execute(db)
  },
  async down(db) {
    await sql`drop index outbox_unsettled_idx`.execute(db)
    await sql`alter table outbox drop column delivery_status, drop column delivery_attempts, drop column delivery_error, drop column status_checked_at`.execute(db)
  },
}
