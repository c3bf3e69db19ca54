import { sql, type Migration } from 'kysely'

/**
 * The holidays already added to the closed days (clinic and date): a day staff reopen stays open,
 * however often the holidays are seeded again.
 */
export const holidaysAdded: Migration = {
  async up(db) {
    await sql`
      create table holidays_added (
        location_uid text not null,
        date date not null,
        primary key (location_uid, date)
      )
    `.execute(db)
  },
  async down(db) {
    await sql`drop table holidays_added`.execute(db)
  },
}
