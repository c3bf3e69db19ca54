import { sql } from 'kysely'
import { newSecret, sha256 } from '../crypto.js'
import type { Db, OneTimePurpose } from '../database.js'
import type { UserRow } from './users.js'

/** How long each kind of e-mailed link works. */
export const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = {
  confirm: 48 * 3600_000,
  reset: 3600_000,
  invite: 7 * 24 * 3600_000,
  erase: 24 * 3600_000,
}

/** E-mails of one kind per account per hour, beyond which requests are answered but nothing is sent. */
export const MAX_LINKS_PER_HOUR = 3

/**
 * A new single-use token for the user (only its hash is stored). Earlier unused tokens of the same
 * purpose stop working: only the newest link in the mailbox does anything.
 */
export async function issueOneTimeToken(db: Db, userId: string, purpose: OneTimePurpose): Promise<string> {
  const token = newSecret()
  await db.deleteFrom('one_time_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute()
  await db
    .insertInto('one_time_tokens')
    .values({ token_hash: sha256(token), user_id: userId, purpose, expires_at: new Date(Date.now() + ONE_TIME_TTL_MS[purpose]) })
    .execute()
  return token
}

/** The start of the outbox key of every e-mail of this purpose to this user (then a unique id). */
export function emailKeyPrefix(purpose: OneTimePurpose, userId: string): string {
  return `email:${purpose}:${userId}:`
}

/** Links of this purpose sent to the user in the last hour (used or not). */
export async function recentLinkCount(db: Db, userId: string, purpose: OneTimePurpose): Promise<number> {
  // Issuing deletes superseded tokens, so the outbox (which keeps every e-mail) is what is counted.
  const row = await db
    .selectFrom('outbox')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('topic', '=', 'email')
    .where('key', 'like', `${emailKeyPrefix(purpose, userId)}%`)
    .where('created_at', '>', new Date(Date.now() - 3600_000))
    .executeTakeFirstOrThrow()
  return row.n
}

/** The user a valid, unused, unexpired token of this purpose belongs to (without using it up). */
export async function peekOneTimeToken(db: Db, token: string, purpose: OneTimePurpose): Promise<UserRow | undefined> {
  if (!token) return undefined
  return db
    .selectFrom('one_time_tokens')
    .innerJoin('users', 'users.id', 'one_time_tokens.user_id')
    .selectAll('users')
    .where('one_time_tokens.token_hash', '=', sha256(token))
    .where('one_time_tokens.purpose', '=', purpose)
    .where('one_time_tokens.used_at', 'is', null)
    .where('one_time_tokens.expires_at', '>', new Date())
    .executeTakeFirst()
}

/**
 * Uses the token up (atomically: of two concurrent uses exactly one succeeds) and returns its
 * user id, or undefined when it is unknown, used, expired or of another purpose.
 */
export async function consumeOneTimeToken(db: Db, token: string, purpose: OneTimePurpose): Promise<string | undefined> {
  if (!token) return undefined
  const row = await db
    .updateTable('one_time_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst()
  return row?.user_id
}

/** Whether this token existed and was already used (a second click on a confirmation link). */
export async function wasUsed(db: Db, token: string, purpose: OneTimePurpose): Promise<string | undefined> {
  if (!token) return undefined
  const row = await db
    .selectFrom('one_time_tokens')
    .select('user_id')
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is not', null)
    .executeTakeFirst()
  return row?.user_id
}
