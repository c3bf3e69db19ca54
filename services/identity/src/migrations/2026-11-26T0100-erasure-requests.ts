import { sql, type Migration } from 'kysely'

/**
 * Account deletion: a one-time link of purpose 'erase' confirms it, and each deletion is
 * a row here until every service has erased its part. While it runs, `subject` holds what the
 * services match the person by (account id, e-mails, phones); it is cleared once they all have,
 * so afterwards the row names nobody. `pending`: services still to do; `kept`: what they kept.
 */
export const erasureRequests: Migration = {
  async up(db) {
    await sql`alter table one_time_tokens drop constraint one_time_tokens_purpose_check`.execute(db)
    await sql`alter table one_time_tokens add constraint one_time_tokens_purpose_check check (purpose in ('confirm', 'reset', 'invite', 'erase'))`.execute(db)
    await sql`
      create table erasure_requests (
        id uuid primary key default gen_random_uuid(),
        user_id uuid not null,
        requested_by text not null check (requested_by in ('patient', 'staff')),
        subject jsonb,
        pending text[] not null,
        kept jsonb not null default '[]',
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        last_error text,
        created_at timestamptz not null default now(),
        completed_at timestamptz,
        check ((completed_at is null) = (subject is not null))
      )
    `.execute(db)
    await sql`create index erasure_requests_due_idx on erasure_requests (next_attempt_at) where completed_at is null`.execute(db)
  },
  async down(db) {
    await sql`drop table erasure_requests`.execute(db)
    await sql`delete from one_time_tokens where purpose = 'erase'`.execute(db)
    await sql`alter table one_time_tokens drop constraint one_time_tokens_purpose_check`.execute(db)
    await sql`alter table one_time_tokens add constraint one_time_tokens_purpose_check check (purpose in ('confirm', 'reset', 'invite'))`.execute(db)
  },
}
