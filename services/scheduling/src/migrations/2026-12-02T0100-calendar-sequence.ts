import { sql, type Migration } from 'kysely'

/**
 * The revision (iCalendar SEQUENCE) of the last calendar file a patient was sent about a visit;
 * null until one is sent (a request not yet confirmed). Each later file carries a higher one, so
 * calendar programs update (or remove) the one entry. Visits already confirmed got revision 0,
 * moved ones (whatever the count) 1: the next file is above both.
 */
export const calendarSequence: Migration = {
  async up(db) {
    await sql`alter table appointments add column calendar_sequence integer`.execute(db)
    await sql`
      update appointments set calendar_sequence = case when rescheduled_at is null then 0 else 1 end
      where decided_at is not null and status <> 'declined'
    `.execute(db)
  },
  async down(db) {
    await sql`alter table appointments drop column calendar_sequence`.execute(db)
  },
}
