import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { lifetimes, revokeFamilyOf, rotateRefreshToken } from '../accounts/sessions.js'
import { findUserById } from '../accounts/users.js'
import type { Config } from '../config.js'
import type { Database } from '../database.js'
import { accessFor, clearRefreshCookie, crossSiteGuard, refreshCookieOf, sessionBody, setRefreshCookie } from '../http.js'
import { MESSAGES } from '../messages.js'

/** The refresh cookie's routes: a new access token (rotating the cookie), and sign-out. */
export const sessionRoutes: RouteGroup<Database, { config: Config }> = (app, { config }) => {
  const db = app.db
  const life = lifetimes(config)
  // Both act on the browser's session cookie: refused when another site sends the request.
  app.addHook('preHandler', crossSiteGuard(config))

  app.post('/token/refresh', { schema: { response: { 200: sessionBody, 204: z.undefined(), 401: errorBody, 403: errorBody } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const presented = refreshCookieOf(req)
    // No cookie: a visitor who never signed in. Not an error (browsers would log a 401 on every
    // page load); 401 is kept for a session that ended.
    if (!presented) return reply.code(204).send()
    const result = await rotateRefreshToken(db, presented, life)
    if (result.outcome === 'reuse') req.log.warn({ userId: result.userId, reason: 'refresh token reused' }, 'session family revoked')
    const user = result.outcome === 'rotated' ? await findUserById(db, result.userId) : undefined
    if (result.outcome !== 'rotated' || !user || user.deactivated_at) {
      clearRefreshCookie(reply, config)
      return reply.code(401).send(errorPayload(401, MESSAGES.sessionEnded))
    }
    setRefreshCookie(reply, result.refresh, config)
    return accessFor(app, config, user, result.refresh.familyId)
  })

  app.post('/sign-out', { schema: { response: { 204: z.undefined(), 403: errorBody } } }, async (req, reply) => {
    const presented = refreshCookieOf(req)
    if (presented) await revokeFamilyOf(db, presented)
    clearRefreshCookie(reply, config)
    return reply.code(204).send()
  })
}
