import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { clientAddress, errorPayload, httpError, type App, type AuditTrail } from '@hearing/service-kit'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { lifetimes, openSession, type IssuedRefreshToken } from './accounts/sessions.js'
import { publicUser } from '@hearing/contracts'
import { toPublicUser, type UserRow } from './accounts/users.js'
import { publicOrigin, type Config } from './config.js'
import type { Db } from './database.js'
import { MESSAGES } from './messages.js'
import type { TokenSigner } from './tokens.js'

export const REFRESH_COOKIE = 'hc_refresh'

type CookieConfig = Pick<Config, 'COOKIE_SECURE' | 'PUBLIC_API_PREFIX'>

export const sessionBody = z.object({ access_token: z.string(), expires_in: z.number(), user: publicUser })
export type SessionBody = z.infer<typeof sessionBody>

export function setRefreshCookie(reply: FastifyReply, refresh: IssuedRefreshToken, config: CookieConfig): void {
  reply.setCookie(REFRESH_COOKIE, refresh.token, {
    httpOnly: true,
    secure: config.COOKIE_SECURE,
    sameSite: 'strict',
    path: config.PUBLIC_API_PREFIX,
    expires: refresh.expiresAt,
    maxAge: Math.max(0, Math.floor((refresh.expiresAt.getTime() - Date.now()) / 1000)),
  })
}

/** Set by sign-up, read by the confirmation link: the browser that signed up is the one signed in. */
export const SIGN_UP_COOKIE = 'hc_signup'
/** As long as a confirmation link may wait to be opened; older, the patient signs in with the password. */
const SIGN_UP_COOKIE_DAYS = 7

const cookieHash = (value: string) => createHash('sha256').update(value).digest('base64url')

/** A fresh sign-up browser cookie, and the hash to keep with the account. */
export function markSignUpBrowser(reply: FastifyReply, config: CookieConfig): string {
  const value = randomBytes(32).toString('base64url')
  // Lax: the link is opened from a mail client, a top-level navigation from another site.
  reply.setCookie(SIGN_UP_COOKIE, value, { httpOnly: true, secure: config.COOKIE_SECURE, sameSite: 'lax', path: `${config.PUBLIC_API_PREFIX}/confirm-email`, maxAge: SIGN_UP_COOKIE_DAYS * 86_400 })
  return cookieHash(value)
}

/** Whether this request comes from the browser that signed the account up. */
export function isSignUpBrowser(req: FastifyRequest, kept: string | null): boolean {
  const value = req.cookies?.[SIGN_UP_COOKIE]
  if (!value || !kept) return false
  const [a, b] = [Buffer.from(cookieHash(value)), Buffer.from(kept)]
  return a.length === b.length && timingSafeEqual(a, b)
}

export function clearRefreshCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, secure: config.COOKIE_SECURE, sameSite: 'strict', path: config.PUBLIC_API_PREFIX })
}

export function refreshCookieOf(req: FastifyRequest): string | undefined {
  const value = req.cookies?.[REFRESH_COOKIE]
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

/** An access token and the public user, for a session (refresh-token family) that exists already. */
export async function accessFor({ tokens }: { tokens: TokenSigner }, config: Config, user: UserRow, sessionId: string): Promise<SessionBody> {
  const ttl = config.ACCESS_TOKEN_TTL_SECONDS
  const access_token = await tokens.signAccessToken({ sub: user.id, role: user.role, email: user.email, sid: sessionId }, ttl)
  return { access_token, expires_in: ttl, user: toPublicUser(user) }
}

/**
 * Staff and admins reach patients' data: their sign-ins (password, Google, a new password) and
 * their failed password sign-ins are audited. Never the password; customers' attempts are not.
 */
export function auditStaffSignIn(audit: AuditTrail, req: FastifyRequest, user: Pick<UserRow, 'id' | 'role'>, result: { sessionId: string } | { failure: 'wrong password' }): void {
  if (user.role === 'customer') return
  const who = { actorId: user.id, actorRole: user.role, address: clientAddress(req), userAgent: req.headers['user-agent'] ?? null }
  void audit.record(
    'failure' in result
      ? { ...who, action: 'staff.sign-in-failed', outcome: 401, detail: result.failure }
      : { ...who, action: 'staff.sign-in', recordKind: 'session', recordId: result.sessionId, outcome: 200 },
  )
}

/** Signs the user in: a new session (refresh cookie) and an access token. `app`: the route group's instance. */
export async function startSession(app: { db: Db; tokens: TokenSigner; audit: AuditTrail }, config: Config, reply: FastifyReply, user: UserRow): Promise<SessionBody> {
  // Every way in (password, Google, an e-mailed link, a new password) ends here: none for a deactivated account.
  if (user.deactivated_at) throw httpError(403, MESSAGES.accountDeactivated)
  const refresh = await openSession(app.db, user.id, lifetimes(config))
  setRefreshCookie(reply, refresh, config)
  auditStaffSignIn(app.audit, reply.request, user, { sessionId: refresh.familyId })
  reply.header('cache-control', 'no-store')
  return accessFor(app, config, user, refresh.familyId)
}

/** The connection the request came on is closed: no answer will reach whoever sent it. */
export function clientGone(req: FastifyRequest): boolean {
  return req.raw.socket?.destroyed === true || req.raw.aborted
}

function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/** The origins a same-site browser request may come from: PUBLIC_URL's and the one it was addressed to. */
function allowedOrigins(req: FastifyRequest, config: Config): Set<string> {
  const allowed = new Set([publicOrigin(config)])
  const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0]?.trim() || req.protocol
  const host = (req.headers['x-forwarded-host'] as string | undefined)?.split(',')[0]?.trim() || req.headers.host
  if (host) {
    const own = originOf(`${proto}://${host}`)
    if (own) allowed.add(own)
  }
  return allowed
}

/**
 * Cross-site request protection for cookie routes: when the browser says where the request comes
 * from (Origin, else Referer), it must be this site. Requests without either (curl, services) pass;
 * browsers always send Origin with POST. `originOnly`: for links opened from e-mails, whose Referer
 * is the mail client's site by nature.
 */
export function crossSiteGuard(config: Config, { originOnly = false } = {}) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin
    const referer = originOnly ? undefined : req.headers.referer
    const claimed = origin !== undefined ? (origin === 'null' ? 'null' : originOf(origin) ?? 'invalid') : referer !== undefined ? originOf(referer) ?? 'invalid' : undefined
    if (claimed === undefined) return
    if (!allowedOrigins(req, config).has(claimed)) {
      req.log.info({ reason: 'cross-site request refused' }, 'request rejected')
      return reply.code(403).send(errorPayload(403, MESSAGES.crossSite))
    }
  }
}

/** A POST without a body but with a JSON content type (some fetch wrappers add it) is an empty body, not an error. */
export function acceptEmptyJsonBodies(app: App): void {
  const jsonParser = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined)
    jsonParser(req, body as string, done)
  })
}
