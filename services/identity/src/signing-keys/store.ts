import { ACCESS_TOKEN_ALGORITHM as SIGNING_ALGORITHM } from '@hearing/service-kit'
import { createPrivateKey, type JsonWebKey } from 'node:crypto'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../database.js'
import type { Sealer } from './seal.js'

/**
 * How long a new key is published before it signs. Verifiers cache the JWKS (jose's remote set
 * keeps it 10 minutes; the response says max-age=300), so by the time a token carries the new kid,
 * every verifier has the key without having to fetch it on a miss.
 */
export const KEY_PUBLISH_LEAD_MS = 15 * 60_000
/** Identity replicas re-read the keys this often; a retiring key waits this long again. */
export const KEY_RELOAD_MS = 60_000

export interface KeyPolicy {
  /** A key signs for this long before a successor is created. */
  rotateAfterMs: number
  /** The longest an access token lives: a replaced key stays published this long (plus reloads). */
  tokenTtlMs: number
}

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

async function createKey(trx: Transaction<Database>, sealer: Sealer, createdAt: Date, activatesAt: Date): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true })
  const publicJwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(publicJwk)
  await trx
    .insertInto('signing_keys')
    .values({
      kid,
      public_jwk: JSON.stringify(publicJwk),
      private_jwk_sealed: sealer.seal(kid, JSON.stringify(await exportJWK(privateKey))),
      wrap_key_id: sealer.wrapKeyId,
      created_at: createdAt,
      activates_at: activatesAt,
    })
    .execute()
  return kid
}

/** Replicas serialise key changes on a transaction-scoped advisory lock. */
async function lockKeys(trx: Transaction<Database>) {
  await sql`select pg_advisory_xact_lock(hashtext('identity.signing_keys'))`.execute(trx)
}

export interface KeyChanges {
  created: string[]
  retired: string[]
  resealed: string[]
}

/**
 * Brings the keys in line with the policy, at boot and then hourly (housekeeping):
 * - private keys kept in clear (rows from before sealing) or sealed under a previous secret are
 *   sealed under the current one; a key no configured secret opens stops the boot with a message;
 * - no key at all: one is created, signing at once (nothing can hold tokens yet);
 * - the newest key is older than the rotation period: a successor is created, published now and
 *   signing after KEY_PUBLISH_LEAD_MS;
 * - a key replaced by a successor that has signed for longer than a token lives is retired: it
 *   leaves the JWKS and its private part is destroyed.
 */
export async function maintainSigningKeys(db: Kysely<Database>, sealer: Sealer, policy: KeyPolicy, now = new Date()): Promise<KeyChanges> {
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx)
    const changes: KeyChanges = { created: [], retired: [], resealed: [] }
    const rows = await trx.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).execute()

    for (const row of rows) {
      if (row.private_jwk_sealed !== null && row.wrap_key_id === sealer.wrapKeyId) continue
      const privateJwk = row.private_jwk_sealed !== null ? sealer.open(row.kid, row.private_jwk_sealed) : row.private_jwk ? JSON.stringify(row.private_jwk) : null
      if (privateJwk === null) continue
      await trx
        .updateTable('signing_keys')
        .set({ private_jwk: null, private_jwk_sealed: sealer.seal(row.kid, privateJwk), wrap_key_id: sealer.wrapKeyId })
        .where('kid', '=', row.kid)
        .execute()
      changes.resealed.push(row.kid)
    }

    const newest = rows.reduce<(typeof rows)[number] | undefined>((a, b) => (!a || b.activates_at > a.activates_at ? b : a), undefined)
    if (!newest) changes.created.push(await createKey(trx, sealer, now, now))
    else if (newest.created_at.getTime() <= now.getTime() - policy.rotateAfterMs) {
      changes.created.push(await createKey(trx, sealer, now, new Date(now.getTime() + KEY_PUBLISH_LEAD_MS)))
    }

    // A key may go once a successor has been signing for longer than any token it signed can live.
    const replacedBy = new Date(now.getTime() - policy.tokenTtlMs - 2 * KEY_RELOAD_MS)
    for (const row of rows) {
      const succeeded = rows.some((other) => other.activates_at > row.activates_at && other.activates_at <= replacedBy)
      if (!succeeded) continue
      await retire(trx, row.kid, now)
      changes.retired.push(row.kid)
    }
    return changes
  })
}

async function retire(trx: Transaction<Database>, kid: string, now: Date) {
  await trx.updateTable('signing_keys').set({ retired_at: now, private_jwk: null, private_jwk_sealed: null }).where('kid', '=', kid).execute()
}

/**
 * An operator's rotation (`npm run rotate-signing-key -w services/identity`): a successor published
 * now and signing after KEY_PUBLISH_LEAD_MS; with `immediately` (a key thought to be leaked) it
 * signs at once and every other key is retired, so tokens they signed stop working (signed-in
 * visitors get a new one from their session on the next request).
 */
export async function rotateSigningKey(db: Kysely<Database>, sealer: Sealer, { immediately = false, now = new Date() } = {}): Promise<KeyChanges> {
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx)
    const others = await trx.selectFrom('signing_keys').select('kid').where('retired_at', 'is', null).execute()
    const kid = await createKey(trx, sealer, now, immediately ? now : new Date(now.getTime() + KEY_PUBLISH_LEAD_MS))
    const retired: string[] = []
    if (immediately) {
      for (const { kid: old } of others) {
        await retire(trx, old, now)
        retired.push(old)
      }
    }
    return { created: [kid], retired, resealed: [] }
  })
}

export interface KeySnapshot {
  /** Public keys of every non-retired key, including a successor not signing yet: what verifiers may accept. */
  jwks: { keys: PublicJwk[] }
  /** The newest key whose time has come signs; its private key as PKCS#8 PEM, the form @fastify/jwt signs with. */
  signing: { kid: string; privateKeyPem: string }
}

async function loadSnapshot(db: Kysely<Database>, sealer: Sealer, policy: KeyPolicy): Promise<KeySnapshot> {
  const activeKeys = () =>
    db
      .selectFrom('signing_keys')
      .select(['kid', 'public_jwk', 'private_jwk_sealed', 'activates_at'])
      .where('retired_at', 'is', null)
      .orderBy('activates_at', 'desc')
      .orderBy('kid')
      .execute()
  const now = new Date()
  const signer = (rows: Awaited<ReturnType<typeof activeKeys>>) => rows.find((row) => row.activates_at <= now && row.private_jwk_sealed !== null)
  let rows = await activeKeys()
  if (!signer(rows)) {
    // Used before the boot's maintenance ran, or every key was retired since: put things right.
    await maintainSigningKeys(db, sealer, policy, now)
    rows = await activeKeys()
  }
  const signing = signer(rows)
  if (!signing?.private_jwk_sealed) throw new Error('no signing key is active')
  const keys = rows.map((row) => published(row.kid, row.public_jwk))
  const privateJwk = JSON.parse(sealer.open(signing.kid, signing.private_jwk_sealed)) as JWK
  const privateKeyPem = createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' }).export({ type: 'pkcs8', format: 'pem' }) as string
  return { jwks: { keys }, signing: { kid: signing.kid, privateKeyPem } }
}

export interface KeyStore {
  current(): Promise<KeySnapshot>
  /** For the kit's token verifier: the current snapshot's published keys. */
  keySet: () => Promise<{ keys: PublicJwk[] }>
}

/**
 * The service's keys, read from the database (`db` is called on first use) and kept for
 * KEY_RELOAD_MS, so that a key added, activated or retired by another replica is picked up
 * without a restart.
 */
export function keyStore(db: () => Kysely<Database>, sealer: Sealer, policy: KeyPolicy, maxAgeMs = KEY_RELOAD_MS): KeyStore {
  let snapshot: Promise<KeySnapshot> | undefined
  let loadedAt = 0
  const current = () => {
    if (!snapshot || Date.now() - loadedAt > maxAgeMs) {
      loadedAt = Date.now()
      const loading = loadSnapshot(db(), sealer, policy)
      loading.catch(() => {
        if (snapshot === loading) snapshot = undefined
      })
      snapshot = loading
    }
    return snapshot
  }
  return {
    current,
    keySet: async () => (await current()).jwks,
  }
}
