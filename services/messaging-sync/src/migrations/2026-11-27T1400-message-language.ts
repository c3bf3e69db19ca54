import { sql, type Migration } from 'kysely'

/**
 * The language a patient wrote in, kept with what they sent: staff see it in the inbox.
 * Null for deliveries that are not a patient's message; contact messages already kept were English.
 */
export const messageLanguage: Migration = {
  async up(db) {
    await sql`alter table deliveries add column language text constraint deliveries_language_check check (language in ('en', 'es'))`.execute(db)
    await sql`update deliveries set language = 'en' where topic = 'message' and payload->>'kind' = 'contact'`.execute(db)
  },
  async down(db) {
    await sql`alter table deliveries drop column language`.execute(db)
  },
}
