import { sql, type Migration } from 'kysely'

/** A sync run counts the accounts it skipped for never confirming their e-mail apart from the others. */
export const contactSyncSkipReasons: Migration = {
  async up(db) {
    await sql`alter table contact_syncs add column skipped_unconfirmed integer not null default 0`.execute(db)
  },
  async down(db) {
    await sql`alter table contact_syncs drop column skipped_unconfirmed`.execute(db)
  },
}
