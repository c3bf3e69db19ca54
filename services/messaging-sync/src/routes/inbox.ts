import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { DELIVERY_STATUSES, type Database } from '../database.js'
import { latestOfTopic, markHandled } from '../delivery/store.js'
import type { MessagingProvider } from '../providers/provider.js'

const inboxEntry = z.object({
  id: z.string(),
  /** contact (the contact form), booking or order requests. */
  kind: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  location_uid: z.string(),
  location_name: z.string().nullable(),
  text: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  handled_at: z.string().nullable(),
})

const messageFields = z
  .object({
    kind: z.string().catch('contact'),
    first_name: z.string().catch(''),
    last_name: z.string().catch(''),
    phone: z.string().catch(''),
    email: z.string().nullable().catch(null),
    location_uid: z.string().catch(''),
    text: z.string().catch(''),
  })
  .catch({ kind: 'contact', first_name: '', last_name: '', phone: '', email: null, location_uid: '', text: '' })

/**
 * The staff inbox (staff and admins): every message patients sent (contact form, booking and order
 * requests), newest first, with where its delivery is and a "handled" mark.
 */
export const inboxRoutes: RouteGroup<Database, { provider: MessagingProvider }> = (app, { provider }) => {
  const db = app.db
  const staff = app.requireRole('staff', 'admin')

  app.get(
    '/admin/inbox',
    {
      preHandler: staff,
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(inboxEntry), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const [rows, locations] = await Promise.all([
        latestOfTopic(db, 'message', req.query.limit),
        provider.getLocations().catch(() => []),
      ])
      const names = new Map(locations.map((l) => [l.uid, l.name]))
      return rows.map((r) => {
        const m = messageFields.parse({ email: null, ...(r.payload as object) })
        return {
          id: r.id,
          ...m,
          location_name: names.get(m.location_uid) ?? null,
          status: r.status,
          last_error: r.last_error,
          created_at: r.created_at.toISOString(),
          delivered_at: r.delivered_at?.toISOString() ?? null,
          handled_at: r.handled_at?.toISOString() ?? null,
        }
      })
    },
  )

  app.patch(
    '/admin/inbox/:id',
    {
      preHandler: staff,
      schema: {
        params: z.object({ id: z.uuid({ error: 'must be a message id' }) }),
        body: z.strictObject({ handled: z.boolean() }),
        response: { 200: z.object({ id: z.string(), handled_at: z.string().nullable() }), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (req, reply) => {
      const row = await markHandled(db, req.params.id, req.body.handled)
      if (!row) return reply.code(404).send(errorPayload(404, 'No such message.'))
      req.log.info({ deliveryId: row.id, by: req.user!.id, handled: req.body.handled }, 'inbox message marked')
      return { id: row.id, handled_at: row.handled_at?.toISOString() ?? null }
    },
  )
}
