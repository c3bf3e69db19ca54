import { errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import type { Database } from '../database.js'
import type { PodiumTokens } from '../providers/podium/tokens.js'
import type { MessagingProvider } from '../providers/provider.js'

const providerStatus = z.object({
  provider: z.enum(['local', 'podium']),
  /** Podium: whether an admin has connected the account; the local provider needs no connection. */
  connected: z.boolean(),
  since: z.string().nullable(),
})

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

  app.post('/admin/podium/connect', { preHandler: admin, schema: { response: { 200: z.object({ url: z.string() }), ...errors } } }, async (req) => {
    req.log.info({ by: req.user!.id }, 'Podium connection started')
    return { url: await podium.authorizeUrl(req.user!.id) }
  })

  // Reached by the admin's browser from Podium: no token to check; the single-use state is the proof.
  app.get(
    '/podium/callback',
    { schema: { querystring: z.object({ code: z.string().min(1).max(2000).optional(), state: z.string().min(1).max(200).optional(), error: z.string().max(200).optional() }) } },
    async (req, reply) => {
      const back = (outcome: 'connected' | 'failed') => reply.redirect(`${publicUrl}/admin?tab=settings&podium=${outcome}`)
      const { code, state } = req.query
      if (!code || !state) return back('failed')
      try {
        await podium.complete(state, code)
        req.log.info('Podium connected')
        return back('connected')
      } catch (err) {
        req.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'Podium connection failed')
        return back('failed')
      }
    },
  )
}
