import { outboxMigration } from '@hearing/service-kit'
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
    await outboxMigration('identity').up(db)
    await sql`
      insert into outbox (topic, key, payload, created_at, handed_over_at, attempts, next_attempt_at, last_error)
      select 'email', 'email:' || kind || ':' || coalesce(user_id::text, 'nobody') || ':' || id,
             payload || jsonb_build_object('kind', kind), created_at,
             case when status = 'pending' then null else coalesce(sent_at, now()) end, attempts, next_attempt_at, last_error
      from outbox_before_kit
    `.execute(db)
    await sql`drop table outbox_before_kit`.execute(db)
  },
}
