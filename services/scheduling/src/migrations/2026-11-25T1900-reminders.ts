import { sql, type Migration } from 'kysely'

/**
 * Reminders sent: one row per appointment, offset and start time. The primary key makes a reminder
 * go out once however many replicas look for due ones; a moved visit (another start) gets its own.
 */
export const reminders: Migration = {
  async up(db) {
    await sql`
      create table appointment_reminders (
        appointment_id uuid not null references appointments (id) on delete cascade,
        offset_minutes integer not null check (offset_minutes > 0),
        starts_at timestamptz not null,
        sent_at timestamptz not null default now(),
        primary key (appointment_id, offset_minutes, starts_at)
      )
    `.execute(db)
  },
  async down(db) {
    await sql`drop table appointment_reminders`.execute(db)
  },
}
