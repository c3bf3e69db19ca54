import { z } from 'zod'
import { ROLES, type AuthUser } from './auth.js'

/**
 * Revocation that counts at once, in every service. An access token is valid for up to 15
 * minutes, but the session behind it can end sooner: sign-out, a password change (other sessions),
 * a role change, an account removed. Only identity knows, and it has no Redis to publish to, so
 * every `requireRole` route asks it: one small internal call per request that needs a user, with
 * the token's subject and session id. Identity answers from its database whether the session still
 * stands and what the account's role is now; that role, not the token's, is what routes authorise.
 *
 * Why not a cache or a pushed revocation list: either leaves a window in which a demoted admin
 * keeps working, and identity's lookup is a primary-key read. If identity cannot be asked, the
 * route answers 503: failing open would hand a revoked token its rights back.
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
