import { sql, type Migration } from 'kysely'

/**
 * The language a patient booked in: staff see it, and the booking's e-mails and texts
 * are in it. Appointments already kept were booked in English.
 */
export const appointmentLanguage: Migration = {
  async up(db) {
    await sql`alter table appointments add column language text not null default 'en' constraint appointments_language_check check (language in ('en', 'es'))`.execute(db)
  },
  async down(db) {
    await sql`alter table appointments drop column language`.execute(db)
  },
}
