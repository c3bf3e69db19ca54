import { randomUUID } from 'node:crypto'
import { newSecret, openWith, sealWith, sha256 } from '../crypto.js'
import type { Db } from '../database.js'

/**
 * Refresh tokens: opaque random values, stored as SHA-256 hashes, rotated on every use. A token
 * used a second time means it was copied: the whole family (every token descended from the same
 * sign-in) is revoked. Two tabs refreshing at once are not an attack, though: within GRACE_MS of a
 * rotation the old token yields the very same successor.
 */
export const GRACE_MS = 10_000
const MAX_CHAIN = 5

export interface SessionLifetimes {
  /** Idle lifetime: each rotation pushes expiry this far ahead. */
  idleMs: number
  /** Absolute lifetime of a family from its sign-in. */
  absoluteMs: number
}

export interface IssuedRefreshToken {
  token: string
  expiresAt: Date
  familyId: string
}

export function lifetimes(config: { REFRESH_TOKEN_TTL_DAYS: number; SESSION_MAX_DAYS: number }): SessionLifetimes {
  return { idleMs: config.REFRESH_TOKEN_TTL_DAYS * 86_400_000, absoluteMs: config.SESSION_MAX_DAYS * 86_400_000 }
}

// The successor is sealed with a key only the holder of the old token can derive.
const SUCCESSOR = 'hc-refresh-successor'

/** Starts a new session (a new family) for the user. */
export async function openSession(db: Db, userId: string, life: SessionLifetimes): Promise<IssuedRefreshToken> {
  const token = newSecret()
  const now = Date.now()
  const familyId = randomUUID()
  const absolute = new Date(now + life.absoluteMs)
  const expiresAt = new Date(Math.min(now + life.idleMs, absolute.getTime()))
  await db
    .insertInto('refresh_tokens')
    .values({ user_id: userId, family_id: familyId, token_hash: sha256(token), expires_at: expiresAt, absolute_expires_at: absolute })
    .execute()
  return { token, expiresAt, familyId }
}

export type RotationResult =
  | { outcome: 'rotated'; userId: string; refresh: IssuedRefreshToken }
  | { outcome: 'invalid' }
  | { outcome: 'reuse'; userId: string }

/** Exchanges a refresh token for its successor (see the module comment for reuse and grace). */
export async function rotateRefreshToken(db: Db, presented: string, life: SessionLifetimes): Promise<RotationResult> {
  if (!presented || presented.length > 200) return { outcome: 'invalid' }
  return db.transaction().execute(async (trx) => {
    const now = new Date()
    let token = presented
    for (let step = 0; step < MAX_CHAIN; step++) {
      const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', sha256(token)).forUpdate().executeTakeFirst()
      if (!row || row.revoked_at) return { outcome: 'invalid' }
      if (row.used_at === null) {
        if (row.expires_at <= now || row.absolute_expires_at <= now) return { outcome: 'invalid' }
        if (token !== presented) {
          // A second tab within the grace period: the successor the first tab already received.
          return { outcome: 'rotated', userId: row.user_id, refresh: { token, expiresAt: row.expires_at, familyId: row.family_id } }
        }
        const successor = newSecret()
        const expiresAt = new Date(Math.min(now.getTime() + life.idleMs, row.absolute_expires_at.getTime()))
        const inserted = await trx
          .insertInto('refresh_tokens')
          .values({
            user_id: row.user_id,
            family_id: row.family_id,
            token_hash: sha256(successor),
            expires_at: expiresAt,
            absolute_expires_at: row.absolute_expires_at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .updateTable('refresh_tokens')
          .set({ used_at: now, replaced_by: inserted.id, successor_sealed: sealWith(token, SUCCESSOR, successor) })
          .where('id', '=', row.id)
          .execute()
        return { outcome: 'rotated', userId: row.user_id, refresh: { token: successor, expiresAt, familyId: row.family_id } }
      }
      const next = now.getTime() - row.used_at.getTime() <= GRACE_MS && row.successor_sealed ? openWith(token, SUCCESSOR, row.successor_sealed) : undefined
      if (!next) {
        // Used before and outside the grace period: a copy is in someone else's hands.
        await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute()
        return { outcome: 'reuse', userId: row.user_id }
      }
      token = next
    }
    return { outcome: 'invalid' }
  })
}

/** Ends the session the token belongs to (its whole family). Unknown tokens are ignored. */
export async function revokeFamilyOf(db: Db, presented: string): Promise<void> {
  if (!presented || presented.length > 200) return
  const row = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', sha256(presented)).executeTakeFirst()
  if (!row) return
  await db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute()
}

/** The family of a presented token, if it belongs to this user. */
export async function familyOf(db: Db, presented: string | undefined, userId: string): Promise<string | undefined> {
  if (!presented || presented.length > 200) return undefined
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', sha256(presented))
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.family_id
}

/** Ends every session of the user, except the family given (the caller's own, on password change). */
export async function revokeUserSessions(db: Db, userId: string, exceptFamilyId?: string): Promise<void> {
  let query = db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null)
  if (exceptFamilyId) query = query.where('family_id', '!=', exceptFamilyId)
  await query.execute()
}
