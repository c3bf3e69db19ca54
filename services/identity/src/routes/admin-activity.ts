import { activityPage as activityPageSchema, activityQuery } from '@hearing/contracts'
import { csvDownloadHeaders, errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { activityCsv, activityExport, activityPage } from '../activity.js'
import type { Database } from '../database.js'
import { signedIn } from '../guards.js'

/**
 * The dashboard's Activity tab (admins only): the audit trail that every service writes, with the
 * names of the people it mentions. Staff get 403 here whatever the browser shows.
 */
export const adminActivityRoutes: RouteGroup<Database> = (app) => {
  const adminOnly = signedIn(app, 'admin')
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody }

  app.get('/admin/activity', { preHandler: adminOnly, schema: { querystring: activityQuery, response: { 200: activityPageSchema, ...errors } } }, async (req) =>
    activityPage(app.db, req.query),
  )

  app.get(
    '/admin/activity.csv',
    {
      preHandler: adminOnly,
      // An export takes patient data out of the system: it is itself a record.
      config: { audit: { action: 'activity.export', kind: 'activity' } },
      schema: { querystring: activityQuery.omit({ page: true }), response: { 200: z.string(), ...errors } },
    },
    async (req, reply) => {
      const rows = await activityExport(app.db, { ...req.query, page: 1 })
      const { patient, actor, action, from, to } = req.query
      // The records are append-only and outlive an account's deletion: a name or e-mail typed into
      // the patient or staff filter would stay in them, so only whether those filters were used is kept.
      req.auditFacts.detail = JSON.stringify({ patient: patient ? 'filtered' : undefined, actor: actor ? 'filtered' : undefined, action, from, to, rows: rows.length })
      return reply.headers(csvDownloadHeaders('activity')).send(activityCsv(rows))
    },
  )
}
