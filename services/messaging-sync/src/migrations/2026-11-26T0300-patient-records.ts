import { sql, type Migration } from 'kysely'

/**
 * A patient's page lists the messages they sent (by e-mail address, or by phone digits: the contact
 * form asks no address) and the e-mails sent to them; each lookup has its index.
 */
export const patientRecords: Migration = {
  async up(db) {
    await sql`create index deliveries_message_email_idx on deliveries (lower(payload->>'email')) where topic = 'message'`.execute(db)
    await sql`create index deliveries_message_phone_idx on deliveries (right(regexp_replace(payload->>'phone', '[^0-9]', '', 'g'), 10)) where topic = 'message'`.execute(db)
    await sql`create index deliveries_email_to_idx on deliveries (lower(payload->>'to')) where topic = 'email'`.execute(db)
  },
  async down(db) {
    await sql`drop index deliveries_email_to_idx`.execute(db)
    await sql`drop index deliveries_message_phone_idx`.execute(db)
    await sql`drop index deliveries_message_email_idx`.execute(db)
  },
}
