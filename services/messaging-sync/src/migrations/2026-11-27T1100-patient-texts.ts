import { sql, type Migration } from 'kysely'

/** Texts to patients (appointment reminders) are deliveries of topic text; a patient's page finds them by address. */
export const patientTexts: Migration = {
  async up(db) {
    await sql`alter table deliveries drop constraint deliveries_topic_check`.execute(db)
    await sql`alter table deliveries add constraint deliveries_topic_check check (topic in ('email', 'message', 'contact', 'appointment', 'text'))`.execute(db)
    await sql`create index deliveries_text_email_idx on deliveries (lower(payload->>'email')) where topic = 'text'`.execute(db)
  },
  async down(db) {
    await sql`drop index deliveries_text_email_idx`.execute(db)
    await sql`delete from deliveries where topic = 'text'`.execute(db)
    await sql`alter table deliveries drop constraint deliveries_topic_check`.execute(db)
    await sql`alter table deliveries add constraint deliveries_topic_check check (topic in ('email', 'message', 'contact', 'appointment'))`.execute(db)
  },
}
