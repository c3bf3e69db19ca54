import { errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { DELIVERY_STATUSES, type Database, type Delivery } from '../database.js'
import { latestOfTopic } from '../delivery/store.js'

export const mailboxEntry = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** What the e-mail is (confirm, reset, invite...), when its producer said. */
  kind: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  /** When the SMTP server took it (status delivered). */
  sent_at: z.string().nullable(),
  /** When it was kept here instead, never sent: no SMTP server (status local). */
  stored_at: z.string().nullable(),
  /** When the next slow retry is due (status waiting). */
  retry_at: z.string().nullable(),
})

const payloadFields = z.object({ to: z.string().catch(''), subject: z.string().catch(''), kind: z.string().nullable().catch(null) }).catch({ to: '', subject: '', kind: null })

/** An e-mail delivery as staff read it: to whom, what, where it is; never the body. */
export function toMailboxEntry(e: Delivery): z.infer<typeof mailboxEntry> {
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
    // A "Local only" e-mail was never sent: its time is when it was stored here.
    sent_at: e.status === 'delivered' ? (e.delivered_at?.toISOString() ?? null) : null,
    stored_at: e.status === 'local' ? (e.delivered_at?.toISOString() ?? null) : null,
    retry_at: e.retry_at?.toISOString() ?? null,
  }
}

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
      return rows.map(toMailboxEntry)
    },
  )
}
