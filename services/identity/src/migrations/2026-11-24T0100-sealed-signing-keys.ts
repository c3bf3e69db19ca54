import { sql, type Migration } from 'kysely'

/**
 * Private signing keys are sealed under a secret from outside the database (identity seals the
 * rows it finds in clear at boot: a migration has no secret), and keys get a time from which they
 * sign, so a successor can be published before it is used.
 */
export const sealedSigningKeys: Migration = {
  async up(db) {
    await sql`alter table signing_keys alter column private_jwk drop not null`.execute(db)
    await sql`alter table signing_keys add column private_jwk_sealed text, add column wrap_key_id text`.execute(db)
    await sql`alter table signing_keys add column activates_at timestamptz not null default now()`.execute(db)
    await sql`update signing_keys set activates_at = created_at`.execute(db)
    await sql`
      alter table signing_keys
        add constraint signing_keys_sealed_with_id check (private_jwk_sealed is null or wrap_key_id is not null),
        add constraint signing_keys_active_have_private check (retired_at is not null or private_jwk is not null or private_jwk_sealed is not null)
    `.execute(db)
  },
  async down(db) {
    await sql`alter table signing_keys drop constraint signing_keys_active_have_private, drop constraint signing_keys_sealed_with_id`.execute(db)
    await sql`alter table signing_keys drop column activates_at, drop column wrap_key_id, drop column private_jwk_sealed`.execute(db)
  },
}
