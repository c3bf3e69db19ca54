import { sql } from 'kysely'
import { sha256 } from './accounts/one-time-tokens.js'
import type { Db } from './accounts/users.js'

/**
 * Failed sign-ins counted per account and per client address in Postgres (identity has no
 * Redis), in fixed windows. Past the limit, sign-in answers 429 until the window ends: never a
 * permanent lock, and a completed password reset clears the account's count at once.
 */
export interface ThrottleRule {
  limit: number
  windowMs: number
}

export const SIGN_IN_RULES = {
  /** Guessing one account's password from anywhere. */
  account: { limit: 10, windowMs: 15 * 60_000 },
  /** One address trying many accounts (or one account many times). */
  address: { limit: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, ThrottleRule>

export type ThrottleScope = keyof typeof SIGN_IN_RULES

export function throttleKey(scope: ThrottleScope, value: string): string {
  return sha256(`${scope}:${value.trim().toLowerCase()}`)
}

/** Seconds until the key may try again, or 0 when it is under its limit. */
export async function blockedFor(db: Db, key: string, rule: ThrottleRule): Promise<number> {
  const row = await db.selectFrom('login_throttle').select(['window_start', 'failures']).where('key', '=', key).executeTakeFirst()
  if (!row || row.failures < rule.limit) return 0
  const ends = row.window_start.getTime() + rule.windowMs
  return Math.max(0, Math.ceil((ends - Date.now()) / 1000))
}

/** Counts one failure (a new window starts when the last one is over). */
export async function recordFailure(db: Db, key: string, rule: ThrottleRule): Promise<void> {
  const windowSeconds = rule.windowMs / 1000
  await sql`
    insert into login_throttle as t (key, window_start, failures) values (${key}, now(), 1)
    on conflict (key) do update set
      failures = case when t.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else t.failures + 1 end,
      window_start = case when t.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else t.window_start end
  `.execute(db)
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute()
}

/** Drops windows that ended long ago. */
export async function pruneThrottle(db: Db): Promise<void> {
  await db.deleteFrom('login_throttle').where('window_start', '<', new Date(Date.now() - 86_400_000)).execute()
}
