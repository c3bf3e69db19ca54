import { ACCESS_TOKEN_ALGORITHM as SIGNING_ALGORITHM } from '@hearing/service-kit'
import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK, type JWTVerifyGetKey } from 'jose'
import { sql, type Kysely } from 'kysely'
import type { Database } from './database.js'

/** A public key as published in the JWKS. */
export interface PublicJwk {
  kty: 'OKP'
  crv: 'Ed25519'
  x: string
  kid: string
  alg: typeof SIGNING_ALGORITHM
  use: 'sig'
}

/** Only the public members are copied, so a private part can never reach the JWKS. */
function published(kid: string, { kty, crv, x }: JWK): PublicJwk {
  if (kty !== 'OKP' || crv !== 'Ed25519' || !x) throw new Error(`signing key ${kid} is not an Ed25519 public key`)
  return { kty: 'OKP', crv: 'Ed25519', x, kid, alg: SIGNING_ALGORITHM, use: 'sig' }
}

/**
 * Makes sure a non-retired signing key exists, creating an Ed25519 one if not. Replicas booting
 * at once serialise on a transaction-scoped advisory lock, so exactly one of them creates it.
 */
export async function ensureSigningKey(db: Kysely<Database>): Promise<void> {
  const hasActiveKey = async (q: Kysely<Database>) =>
    (await q.selectFrom('signing_keys').select('kid').where('retired_at', 'is', null).limit(1).executeTakeFirst()) !== undefined
  if (await hasActiveKey(db)) return
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('identity.signing_keys'))`.execute(trx)
    if (await hasActiveKey(trx)) return
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true })
    const publicJwk = await exportJWK(publicKey)
    const kid = await calculateJwkThumbprint(publicJwk)
    await trx
      .insertInto('signing_keys')
      .values({ kid, public_jwk: JSON.stringify(publicJwk), private_jwk: JSON.stringify(await exportJWK(privateKey)) })
      .execute()
  })
}

export interface KeySnapshot {
  /** Public keys of every non-retired key: what verifiers may accept. */
  jwks: { keys: PublicJwk[] }
  /** The same keys as a jose key resolver, for verifying without HTTP. */
  keySet: JWTVerifyGetKey
  /** The newest non-retired key signs. */
  signing: { kid: string; key: CryptoKey }
}

async function loadSnapshot(db: Kysely<Database>): Promise<KeySnapshot> {
  const activeKeys = () =>
    db
      .selectFrom('signing_keys')
      .select(['kid', 'public_jwk', 'private_jwk'])
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('kid')
      .execute()
  let rows = await activeKeys()
  if (rows.length === 0) {
    // Every key was retired since boot (or the app is used before it is ready): make a new one.
    await ensureSigningKey(db)
    rows = await activeKeys()
  }
  const newest = rows[0]
  if (!newest) throw new Error('no active signing key')
  const keys = rows.map((row) => published(row.kid, row.public_jwk))
  const key = (await importJWK(newest.private_jwk, SIGNING_ALGORITHM)) as CryptoKey
  return { jwks: { keys }, keySet: createLocalJWKSet({ keys }), signing: { kid: newest.kid, key } }
}

export interface KeyStore {
  current(): Promise<KeySnapshot>
  /** For the kit's token verifier: resolves keys from the current snapshot. */
  keySet: JWTVerifyGetKey
}

/**
 * The service's keys, read from the database (`db` is called on first use) and kept for
 * `maxAgeMs`, so that a key added or retired by another replica is picked up without a restart.
 */
export function keyStore(db: () => Kysely<Database>, maxAgeMs = 60_000): KeyStore {
  let snapshot: Promise<KeySnapshot> | undefined
  let loadedAt = 0
  const current = () => {
    if (!snapshot || Date.now() - loadedAt > maxAgeMs) {
      loadedAt = Date.now()
      const loading = loadSnapshot(db())
      loading.catch(() => {
        if (snapshot === loading) snapshot = undefined
      })
      snapshot = loading
    }
    return snapshot
  }
  return {
    current,
    keySet: async (header, token) => (await current()).keySet(header, token),
  }
}
