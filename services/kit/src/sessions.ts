import { z } from 'zod'
import { ROLES, type AuthUser } from './auth.js'

/**
 * Revocation that counts within seconds, in every service. An access token is valid for up to 15
 * minutes, but the session behind it can end sooner: sign-out, a password change (other sessions),
 * a role change, an account removed. Only identity knows, and it has no Redis to publish to, so
 * `requireRole` asks it (an internal call with the token's subject and session id). Identity answers
 * from its database whether the session still stands and what the account's role is now; that
 * role, not the token's, is what routes authorise.
 *
 * Each service keeps the answer for a session for SESSION_CHECK_CACHE_MS (5 s): a revoked session
 * or a changed role counts within that window, identity is asked about once per session per window
 * instead of on every request, and a guarded read keeps working through an identity outage of up to
 * that window. After it, if identity cannot be asked, the route answers 503: failing open would
 * hand a revoked token its rights back.
 */
export const SESSION_CHECK_PATH = '/internal/sessions/check'

export const sessionCheckRequest = z.strictObject({
  sub: z.string().max(200),
  sid: z.string().min(1).max(200),
  /** The role the token claims; identity ignores it (test fakes echo it). */
  role: z.enum(ROLES),
})
export type SessionCheckRequest = z.infer<typeof sessionCheckRequest>

export const sessionCheckAnswer = z.union([
  z.strictObject({ active: z.literal(true), role: z.enum(ROLES) }),
  z.strictObject({ active: z.literal(false) }),
])
export type SessionCheckAnswer = z.infer<typeof sessionCheckAnswer>

/** Asks whether the caller's session still stands and what their role is now. Throws when it cannot tell. */
export type SessionCheck = (user: AuthUser) => Promise<SessionCheckAnswer>

export class SessionCheckUnavailableError extends Error {
  readonly statusCode = 503
  constructor(reason: string) {
    super(`session check unavailable: ${reason}`)
    this.name = 'SessionCheckUnavailableError'
  }
}

export interface RemoteSessionCheckOptions {
  /** Identity's base URL (the origin of IDENTITY_JWKS_URL). */
  identityUrl: string | URL
  internalToken: string
  timeoutMs?: number
}

/** The check as every service but identity makes it: identity's internal route, with the service credential. */
export function remoteSessionCheck({ identityUrl, internalToken, timeoutMs = 2_000 }: RemoteSessionCheckOptions): SessionCheck {
  const url = new URL(SESSION_CHECK_PATH, identityUrl)
  return async (user) => {
    const body: SessionCheckRequest = { sub: user.id, role: user.role, sid: user.sessionId }
    let res: Response
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-token': internalToken },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (err) {
      throw new SessionCheckUnavailableError(err instanceof Error ? err.message : String(err))
    }
    if (!res.ok) throw new SessionCheckUnavailableError(`identity answered ${res.status}`)
    const parsed = sessionCheckAnswer.safeParse(await res.json().catch(() => undefined))
    if (!parsed.success) throw new SessionCheckUnavailableError('malformed answer')
    return parsed.data
  }
}

export interface SessionCheckCacheOptions {
  /** How long an answer stands (SESSION_CHECK_CACHE_MS); 0 asks on every request. */
  ttlMs: number
  /** Sessions remembered at most; the oldest answers go first beyond it. */
  maxEntries?: number
  /** The clock (tests). */
  now?: () => number
}

/**
 * Keeps `check`'s answer per session for `ttlMs`, counted from when identity was asked, so
 * revocation counts within that window. Requests asking at the same moment share one question.
 * A failure is not kept: the next request asks again, and meets a 503 if identity is still away.
 */
export function cachedSessionCheck(check: SessionCheck, { ttlMs, maxEntries = 10_000, now = Date.now }: SessionCheckCacheOptions): SessionCheck {
  if (ttlMs <= 0) return check
  const answers = new Map<string, { answer: Promise<SessionCheckAnswer>; until: number }>()
  return (user) => {
    const key = `${user.id}\u0000${user.sessionId}`
    const at = now()
    const kept = answers.get(key)
    if (kept && kept.until > at) return kept.answer
    if (kept) answers.delete(key)
    if (answers.size >= maxEntries) {
      for (const [k, entry] of answers) if (entry.until <= at) answers.delete(k)
      // Still full: forget the oldest (a Map iterates in insertion order).
      for (const k of answers.keys()) {
        if (answers.size < maxEntries) break
        answers.delete(k)
      }
    }
    const entry = { answer: check(user), until: at + ttlMs }
    answers.set(key, entry)
    entry.answer.catch(() => {
      if (answers.get(key) === entry) answers.delete(key)
    })
    return entry.answer
  }
}
