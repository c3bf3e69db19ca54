import { sql, type Migration } from 'kysely'

/**
 * The language a patient ordered in: staff see it, and the order's e-mails
 * are in it. Order requests already kept were made in English.
 */
export const orderLanguage: Migration = {
  async up(db) {
    await sql`alter table order_requests add column language text not null default 'en' constraint order_requests_language_check check (language in ('en', 'es'))`.execute(db)
  },
  async down(db) {
    await sql`alter table order_requests drop column language`.execute(db)
  },
}
