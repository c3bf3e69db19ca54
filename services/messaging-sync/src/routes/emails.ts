import { errorBody, type App } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Database } from '../database.js'
import type { EmailDelivery } from '../email/delivery.js'
import { insertEmail, latestEmails } from '../email/outbox.js'

const noLineBreaks = (v: string) => !/[\r\n]/.test(v)

const emailRequest = z.object({
  /** Chosen by the caller, stable across its retries: the same key is the same e-mail. */
  idempotency_key: z.string().min(1).max(200),
  to: z.email({ error: 'must be an e-mail address' }).max(320),
  subject: z.string().trim().min(1).max(300).refine(noLineBreaks, 'must be a single line'),
  text: z.string().min(1).max(100_000),
  html: z.string().min(1).max(200_000).optional(),
})

const mailboxEntry = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'queued', 'sent', 'local', 'failed']),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
})

/**
 * POST /internal/emails (services only: the kit demands the internal token): commits the e-mail to
 * the outbox, then hands it to the queue. 202 means it will be delivered, whatever Redis or the
 * SMTP server are doing right now.
 */
export function emailRoutes(app: App, db: Kysely<Database>, delivery: EmailDelivery) {
  app.post(
    '/internal/emails',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        body: emailRequest,
        response: { 202: z.object({ id: z.string() }), 400: errorBody, 403: errorBody },
      },
    },
    async (req, reply) => {
      const { id, status } = await insertEmail(db, req.body)
      if (status === 'pending') await delivery.enqueue(id)
      return reply.code(202).send({ id })
    },
  )

  /** GET /admin/mailbox: the local mailbox and delivery log, newest first (admins). */
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
      const rows = await latestEmails(db, req.query.limit)
      return rows.map((e) => ({
        id: e.id,
        to: e.to_address,
        subject: e.subject,
        text: e.text_body,
        status: e.status,
        attempts: e.attempts,
        last_error: e.last_error,
        created_at: e.created_at.toISOString(),
        sent_at: e.sent_at?.toISOString() ?? null,
      }))
    },
  )
}
