import { sql, type Migration } from 'kysely'

/**
 * The provider's OAuth tokens (one row per provider, kept server-side only) and the `state` values
 * of connections an admin has started (each used once, within ten minutes).
 */
export const podium: Migration = {
  async up(db) {
    await sql`
      create table provider_tokens (
        provider text primary key,
        access_token text not null,
        refresh_token text not null,
        expires_at timestamptz not null,
        connected_by text,
        updated_at timestamptz not null default now()
      )
    `.execute(db)
    await sql`
      create table oauth_states (
        state_hash text primary key,
        created_by text not null,
        created_at timestamptz not null default now()
      )
    `.execute(db)
  },
  async down(db) {
    await sql`drop table oauth_states`.execute(db)
    await sql`drop table provider_tokens`.execute(db)
  },
}
