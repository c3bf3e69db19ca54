import { sql, type Migration } from 'kysely'

/** A patient's page finds their order requests by e-mail too (placed signed out, they carry no user id). */
export const patientEmailIndex: Migration = {
  async up(db) {
    await sql`create index order_requests_email_idx on order_requests (lower(email))`.execute(db)
  },
  async down(db) {
    await sql`drop index order_requests_email_idx`.execute(db)
  },
}
