import { errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { DELIVERY_STATUSES, type Database } from '../database.js'
import { latestOfTopic } from '../delivery/store.js'

const mailboxEntry = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** What the e-mail is (confirm, reset, invite...), when its producer said. */
  kind: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** When the next slow retry is due (status waiting). */
  retry_at: z.string().nullable(),
})

const payloadFields = z.object({ to: z.string().catch(''), subject: z.string().catch(''), kind: z.string().nullable().catch(null) }).catch({ to: '', subject: '', kind: null })

/**
 * GET /admin/mailbox: the delivery log of e-mails, newest first (admins). What staff need to help
 * a patient (to whom, what, when, where it is), never the body: e-mails carry live secret links
 * (confirmation, password reset, account setup) that are for their recipient only.
 */
export const mailboxRoutes: RouteGroup<Database> = (app) => {
  const db = app.db
  app.get(
    '/admin/mailbox',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(mailboxEntry), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req, reply) => {
      // Personal data: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store')
      const rows = await latestOfTopic(db, 'email', req.query.limit)
      return rows.map((e) => {
        const { to, subject, kind } = payloadFields.parse({ kind: null, ...(e.payload as object) })
        return {
          id: e.id,
          to: to || '(unknown)',
          subject: subject || '(could not be handed over)',
          kind,
          status: e.status,
          attempts: e.attempts,
          last_error: e.last_error,
          created_at: e.created_at.toISOString(),
          sent_at: e.delivered_at?.toISOString() ?? null,
          retry_at: e.retry_at?.toISOString() ?? null,
        }
      })
    },
  )
}
