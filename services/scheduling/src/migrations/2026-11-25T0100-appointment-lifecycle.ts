import { sql, type Migration } from 'kysely'

/**
 * What happens to an appointment after it is made: who scheduled it (staff), when staff confirmed
 * or declined a request, when and by whom it was cancelled, and the hash of the patient's cancel
 * link (single purpose, working until the appointment starts).
 */
export const appointmentLifecycle: Migration = {
  async up(db) {
    await sql`
      alter table appointments
        add column created_by uuid,
        add column decided_at timestamptz,
        add column decided_by uuid,
        add column cancelled_at timestamptz,
        add column cancelled_by text check (cancelled_by in ('patient', 'staff')),
        add column cancel_token_hash text unique
    `.execute(db)
    await sql`create index appointments_user_idx on appointments (user_id, starts_at) where user_id is not null`.execute(db)
    await sql`create index appointments_created_idx on appointments (created_at desc)`.execute(db)
  },
  async down(db) {
    await sql`drop index appointments_created_idx`.execute(db)
    await sql`drop index appointments_user_idx`.execute(db)
    await sql`
      alter table appointments
        drop column cancel_token_hash, drop column cancelled_by, drop column cancelled_at,
        drop column decided_by, drop column decided_at, drop column created_by
    `.execute(db)
  },
}
