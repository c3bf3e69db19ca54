import { sql, type Migration } from 'kysely'

/**
 * The language an account's patient uses the site in: set at sign-up, changed on the
 * profile, and the language of the account's e-mails. Existing accounts are English.
 */
export const accountLanguage: Migration = {
  async up(db) {
    await sql`alter table users add column language text not null default 'en' constraint users_language_check check (language in ('en', 'es'))`.execute(db)
  },
  async down(db) {
    await sql`alter table users drop column language`.execute(db)
  },
}
