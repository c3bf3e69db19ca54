import { randomBytes } from 'node:crypto'
import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import type { Database } from '../database.js'
import { STATE_TTL_MS, type PodiumTokens } from '../providers/podium/tokens.js'
import type { MessagingProvider } from '../providers/provider.js'

const providerStatus = z.object({
  provider: z.enum(['local', 'podium']),
  /** Podium: whether an admin has connected the account; the local provider needs no connection. */
  connected: z.boolean(),
  since: z.string().nullable(),
})

const BROWSER_COOKIE = 'hc_podium_connect'
const NOT_STARTED_HERE = 'This Podium connection was not started by a signed-in admin in this browser. Please start it again from Settings.'

/**
 * The messaging provider as admins see it (Settings), and Podium's OAuth connection: an admin asks
 * for the authorize address, Podium sends them back to the callback with a code and our state.
 */
export const providerRoutes: RouteGroup<Database, { provider: MessagingProvider; podium: PodiumTokens | null; publicUrl: string }> = (app, { provider, podium, publicUrl }) => {
  const admin = app.requireRole('admin')
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 503: errorBody }

  app.get('/admin/provider', { preHandler: admin, schema: { response: { 200: providerStatus, ...errors } } }, async () =>
    podium ? { provider: 'podium' as const, ...(await podium.status()) } : { provider: provider.name, connected: true, since: null },
  )

  if (!podium) return

  // The admin's browser gets a cookie of its own for the trip to Podium and back: sent on the
  // top-level navigation back (SameSite=Lax), to the callback's path only, for as long as the state lives.
  const cookiePath = new URL(`${publicUrl}/api/messaging/podium/callback`).pathname
  const secure = publicUrl.startsWith('https:')
  const browserCookie = (value: string, maxAgeSeconds: number) =>
    `${BROWSER_COOKIE}=${value}; Path=${cookiePath}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`

  app.post('/admin/podium/connect', { preHandler: admin, schema: { response: { 200: z.object({ url: z.string() }), ...errors } } }, async (req, reply) => {
    const { id, sessionId } = req.user!
    const browser = randomBytes(24).toString('base64url')
    const url = await podium.authorizeUrl({ id, sessionId }, browser)
    req.log.info({ by: id }, 'Podium connection started')
    return reply.header('set-cookie', browserCookie(browser, STATE_TTL_MS / 1000)).header('cache-control', 'no-store').send({ url })
  })

  // Reached by the admin's browser from Podium, without a token: the state must be the one issued
  // to this browser (its cookie), used once, and the admin's session must still stand, as an admin.
  app.get(
    '/podium/callback',
    {
      schema: {
        querystring: z.object({ code: z.string().min(1).max(2000).optional(), state: z.string().min(1).max(200).optional(), error: z.string().max(200).optional() }),
        response: { 403: errorBody },
      },
    },
    async (req, reply) => {
      const browser = cookieValue(req.headers.cookie, BROWSER_COOKIE)
      if (!browser) {
        req.log.info({ reason: 'Podium callback without the browser cookie' }, 'request rejected')
        return reply.code(403).send(errorPayload(403, NOT_STARTED_HERE))
      }
      reply.header('set-cookie', browserCookie('', 0))
      const back = (outcome: 'connected' | 'failed') => reply.redirect(`${publicUrl}/admin?tab=settings&podium=${outcome}`)
      const { code, state } = req.query
      if (!code || !state) return back('failed')
      const claimed = await podium.claim(state, browser)
      if (!claimed) {
        req.log.info({ reason: 'unknown, used, expired or superseded state' }, 'Podium connection refused')
        return back('failed')
      }
      const session = await app.checkSession({ id: claimed.adminId, role: 'admin', sessionId: claimed.sessionId })
      if (!session.active || session.role !== 'admin') {
        req.log.info({ reason: 'the admin session that started it has ended or is no longer an admin' }, 'Podium connection refused')
        return reply.code(403).send(errorPayload(403, NOT_STARTED_HERE))
      }
      try {
        await podium.complete(code, claimed.adminId)
        req.log.info({ by: claimed.adminId }, 'Podium connected')
        return back('connected')
      } catch (err) {
        req.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'Podium connection failed')
        return back('failed')
      }
    },
  )
}

/** One cookie's value from a Cookie header (messaging-sync sets no other cookie). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=').slice(0, 200) || undefined
  }
  return undefined
}
