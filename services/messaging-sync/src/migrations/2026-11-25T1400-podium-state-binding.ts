import { sql, type Migration } from 'kysely'

/**
 * A Podium connection's `state` is bound to the admin's browser (the hash of a cookie set when
 * they started) and to their session (its id), so nobody else can complete it. States issued
 * before this had neither: they are dropped.
 */
export const podiumStateBinding: Migration = {
  async up(db) {
    await sql`delete from oauth_states`.execute(db)
    await sql`alter table oauth_states add column browser_hash text not null, add column session_id text not null`.execute(db)
  },
  async down(db) {
    await sql`alter table oauth_states drop column browser_hash, drop column session_id`.execute(db)
  },
}
