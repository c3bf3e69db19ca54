import { sql } from 'kysely'
import { sha256 } from './crypto.js'
import type { Db } from './database.js'

/**
 * Failed sign-ins counted per account and per client address in Postgres (identity has no
 * Redis), in fixed windows. Past the limit, sign-in answers 429 until the window ends: never a
 * permanent lock, and a completed password reset clears the account's count at once. Not
 * @fastify/rate-limit (which counts requests per key at a hook): these count failed attempts, per
 * account, address and trusted device, decided after the password was checked.
 */
export interface ThrottleRule {
  limit: number
  windowMs: number
}

export const SIGN_IN_RULES = {
  /**
   * Guessing one account's password from one address. Keyed by both, so guesses from elsewhere
   * cannot lock the owner out at an address they use (10 failures from another address once gave
   * the owner 429 for 854 s on any browser that had not signed in before).
   */
  pair: { limit: 10, windowMs: 15 * 60_000 },
  /** One address trying many accounts (or one account many times). */
  address: { limit: 30, windowMs: 15 * 60_000 },
  /**
   * Guessing one account's password from many addresses: counts the addresses that failed (an
   * address's first failure in its window), so one address alone never reaches it. It holds back
   * addresses the account has not signed in from (accounts/known-addresses.ts) and browsers it
   * does not trust; the owner at a known address or on a trusted browser still gets in.
   */
  account: { limit: 10, windowMs: 15 * 60_000 },
  /** A signed-in session guessing its account's current password (to change it). */
  currentPassword: { limit: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, ThrottleRule>

/**
 * A trusted device (one that signed in to the account before) is throttled on its own, with
 * delays growing from 2 s after the 5th failure, doubling, to at most 15 minutes: never a lock,
 * and nobody elsewhere can add to it.
 */
export const DEVICE_FREE_FAILURES = 5
export const MAX_DEVICE_DELAY_SECONDS = 900

export function deviceDelaySeconds(failures: number): number {
  return failures < DEVICE_FREE_FAILURES ? 0 : Math.min(2 ** (failures - DEVICE_FREE_FAILURES + 1), MAX_DEVICE_DELAY_SECONDS)
}

/** Seconds the device must still wait after its last failure. */
export async function deviceWait(db: Db, key: string): Promise<number> {
  const row = await db.selectFrom('login_throttle').select(['window_start', 'failures']).where('key', '=', key).executeTakeFirst()
  if (!row) return 0
  const until = row.window_start.getTime() + deviceDelaySeconds(row.failures) * 1000
  return Math.max(0, Math.ceil((until - Date.now()) / 1000))
}

/** Counts a device's failure; window_start is its latest failure (a day of quiet starts over). */
export async function recordDeviceFailure(db: Db, key: string): Promise<void> {
  await sql`
    insert into login_throttle as t (key, window_start, failures) values (${key}, now(), 1)
    on conflict (key) do update set
      failures = case when t.window_start < now() - interval '1 day' then 1 else t.failures + 1 end,
      window_start = now()
  `.execute(db)
}

/**
 * Requests that send e-mail or create accounts, counted whether they succeed or not (each costs
 * an e-mail or a password hash). Per client address, and per e-mail address for the ones that
 * mail someone: nobody can flood a stranger's inbox or the password hasher.
 */
export const REQUEST_RULES = {
  signUpPerAddress: { limit: 50, windowMs: 60 * 60_000 },
  mailPerAddress: { limit: 50, windowMs: 60 * 60_000 },
  mailPerRecipient: { limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, ThrottleRule>

export type ThrottleScope = 'pair' | 'address' | 'account' | 'known' | 'current-password' | 'device' | 'sign-up' | 'mail-from' | 'mail-to'

export function throttleKey(scope: ThrottleScope, value: string): string {
  return sha256(`${scope}:${value.trim().toLowerCase()}`)
}

type ThrottleTable = 'login_throttle' | 'request_throttle'

/** Seconds until the key may try again, or 0 when it is under its limit. */
export async function blockedFor(db: Db, key: string, rule: ThrottleRule, table: ThrottleTable = 'login_throttle'): Promise<number> {
  const row = await db.selectFrom(table).select(['window_start', 'failures']).where('key', '=', key).executeTakeFirst()
  if (!row || row.failures < rule.limit) return 0
  const ends = row.window_start.getTime() + rule.windowMs
  return Math.max(0, Math.ceil((ends - Date.now()) / 1000))
}

/** Counts one failure (a new window starts when the last one is over); answers the count in the window. */
export async function recordFailure(db: Db, key: string, rule: ThrottleRule, table: ThrottleTable = 'login_throttle'): Promise<number> {
  const windowSeconds = rule.windowMs / 1000
  const { rows } = await sql<{ failures: number }>`
    insert into ${sql.table(table)} as t (key, window_start, failures) values (${key}, now(), 1)
    on conflict (key) do update set
      failures = case when t.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else t.failures + 1 end,
      window_start = case when t.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else t.window_start end
    returning failures
  `.execute(db)
  return rows[0]?.failures ?? 1
}

/**
 * Counts one request against each key and answers the longest wait among those now over their
 * limit (0: go ahead). Counting first, atomically, means a burst cannot slip past the check.
 */
export async function takeTurn(db: Db, limits: Array<{ key: string; rule: ThrottleRule }>): Promise<number> {
  let wait = 0
  for (const { key, rule } of limits) {
    await recordFailure(db, key, rule, 'request_throttle')
    wait = Math.max(wait, await blockedFor(db, key, { ...rule, limit: rule.limit + 1 }, 'request_throttle'))
  }
  return wait
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute()
}

/** Drops windows that ended long ago. */
export async function pruneThrottle(db: Db): Promise<void> {
  const dayAgo = new Date(Date.now() - 86_400_000)
  await db.deleteFrom('login_throttle').where('window_start', '<', dayAgo).execute()
  await db.deleteFrom('request_throttle').where('window_start', '<', dayAgo).execute()
}

/** For requests that e-mail someone (password reset, confirmation again): per client address and per recipient. */
export function mailThrottle(db: Db, clientAddress: string, recipient: string): Promise<number> {
  return takeTurn(db, [
    { key: throttleKey('mail-from', clientAddress), rule: REQUEST_RULES.mailPerAddress },
    { key: throttleKey('mail-to', recipient), rule: REQUEST_RULES.mailPerRecipient },
  ])
}
