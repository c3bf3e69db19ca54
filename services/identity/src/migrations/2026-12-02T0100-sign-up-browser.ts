import { sql, type Migration } from 'kysely'

/** Which browser signed up (a hash of its cookie): a confirmation link signs in that browser only. */
export const signUpBrowser: Migration = {
  async up(db) {
    await sql`alter table users add column sign_up_browser text`.execute(db)
  },
  async down(db) {
    await sql`alter table users drop column sign_up_browser`.execute(db)
  },
}
