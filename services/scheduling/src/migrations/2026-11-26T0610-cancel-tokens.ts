import { sql, type Migration } from 'kysely'

/**
 * Every cancel link an appointment's e-mails carry (confirmation, each reminder, a reschedule) keeps
 * working until the visit starts: one row per link instead of one hash per appointment, which a
 * later e-mail overwrote.
 */
export const cancelTokens: Migration = {
  async up(db) {
    await sql`
      create table appointment_cancel_tokens (
        token_hash text primary key,
        appointment_id uuid not null references appointments (id) on delete cascade,
        created_at timestamptz not null default now()
      )
    `.execute(db)
    await sql`create index appointment_cancel_tokens_appointment_idx on appointment_cancel_tokens (appointment_id)`.execute(db)
    await sql`
      insert into appointment_cancel_tokens (token_hash, appointment_id)
      select cancel_token_hash, id from appointments where cancel_token_hash is not null
    `.execute(db)
    await sql`alter table appointments drop column cancel_token_hash`.execute(db)
  },
  async down(db) {
    await sql`alter table appointments add column cancel_token_hash text unique`.execute(db)
    await sql`
      update appointments a set cancel_token_hash = t.token_hash
      from (select distinct on (appointment_id) appointment_id, token_hash from appointment_cancel_tokens order by appointment_id, created_at desc) t
      where t.appointment_id = a.id
    `.execute(db)
    await sql`drop table appointment_cancel_tokens`.execute(db)
  },
}
