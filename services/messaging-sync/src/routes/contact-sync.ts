import { errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { claimWelcome, type ContactSync } from '../contact/sync.js'
import type { Database } from '../database.js'

/** How many runs the settings card lists, newest first. */
export const SYNC_HISTORY_SIZE = 5

const syncView = z.object({
  id: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  provider: z.string(),
  total: z.number(),
  synced: z.number(),
  failed: z.number(),
  skipped: z.number(),
  skipped_unconfirmed: z.number(),
  skipped_incomplete: z.number(),
  listed: z.boolean(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
})

/**
 * The spec's contact sync: POST /contact-sync/me/welcome (any signed-in user) answers true exactly
 * once, after the user's messaging contact was created, and the SPA shows "Welcome!" (claimed
 * atomically, so several tabs or a retried request never show it twice). Admins run Sync Existing
 * Users with /admin/contact-sync: POST starts a run or joins the running one, GET shows the latest and the runs before it.
 */
export const contactSyncRoutes: RouteGroup<Database, { sync: ContactSync }> = (app, { sync }) => {
  app.post(
    '/contact-sync/me/welcome',
    {
      preHandler: app.requireRole(),
      schema: { response: { 200: z.object({ welcome: z.boolean() }), 401: errorBody } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      // "Welcome!" greets customers: staff and admins, synced as contacts too, never get it.
      if (req.user!.role !== 'customer') return { welcome: false }
      return { welcome: await claimWelcome(app.db, req.user!.id) }
    },
  )

  const admin = app.requireRole('admin')
  const errors = { 401: errorBody, 403: errorBody, 503: errorBody }

  app.get('/admin/contact-sync', { preHandler: admin, config: { audit: { action: 'contact-sync.read', kind: 'contact-sync' } }, schema: { response: { 200: z.object({ sync: syncView.nullable(), history: z.array(syncView) }), ...errors } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    const history = await sync.history(SYNC_HISTORY_SIZE)
    // history[0] is the latest run: a run with nothing to do no longer hides the last one that did something.
    return { sync: history[0] ?? null, history }
  })

  app.post('/admin/contact-sync', { preHandler: admin, config: { audit: { action: 'contact-sync.start', kind: 'contact-sync' } }, schema: { response: { 202: z.object({ sync: syncView, joined: z.boolean() }), ...errors } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    return reply.code(202).send(await sync.start(req.user!.id))
  })
}
