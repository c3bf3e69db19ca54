import { sql, type Migration } from 'kysely'

/** A patient's page finds their appointments by e-mail too (bookings made signed out carry no user id). */
export const patientEmailIndex: Migration = {
  async up(db) {
    await sql`create index appointments_email_idx on appointments (lower(email))`.execute(db)
  },
  async down(db) {
    await sql`drop index appointments_email_idx`.execute(db)
  },
}
