import { sql, type Migration } from 'kysely'

/**
 * The provider's tokens are sealed under a secret kept outside the database. A migration cannot
 * seal (it has no secret): rows kept in clear are sealed by the service at its next boot, and
 * wrap_key_id says which ones are.
 */
export const sealedProviderTokens: Migration = {
  async up(db) {
    await sql`alter table provider_tokens add column wrap_key_id text`.execute(db)
  },
  async down(db) {
    await sql`alter table provider_tokens drop column wrap_key_id`.execute(db)
  },
}
