import { sql, type Migration } from 'kysely'

/**
 * What happened at a visit (completed, no-show: neither holds its time any more), and when staff
 * last moved an appointment.
 */
export const visitOutcomes: Migration = {
  async up(db) {
    await sql`alter table appointments drop constraint appointments_status_check`.execute(db)
    await sql`
      alter table appointments
        add constraint appointments_status_check check (status in ('pending', 'confirmed', 'declined', 'cancelled', 'completed', 'no_show')),
        add column rescheduled_at timestamptz
    `.execute(db)
  },
  async down(db) {
    await sql`update appointments set status = 'confirmed' where status in ('completed', 'no_show')`.execute(db)
    await sql`alter table appointments drop constraint appointments_status_check`.execute(db)
    await sql`
      alter table appointments
        add constraint appointments_status_check check (status in ('pending', 'confirmed', 'declined', 'cancelled')),
        drop column rescheduled_at
    `.execute(db)
  },
}
