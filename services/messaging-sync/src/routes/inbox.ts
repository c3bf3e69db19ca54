import { DEFAULT_PATIENT_LANGUAGE, patientLanguage, phoneForDisplay, plainText, staffMember, usPhoneE164 } from '@hearing/contracts'
import { errorBody, errorPayload, httpError, type RouteGroup, type StaffDirectoryClient } from '@hearing/service-kit'
import { z } from 'zod'
import { DELIVERY_STATUSES, type Database, type Delivery } from '../database.js'
import type { Channel } from '../delivery/channel.js'
import { markHandled } from '../delivery/store.js'
import { replyEmail } from '../inbox/reply-email.js'
import { addReply, assignMessage, inboxMessages, repliesTo, type AssigneeFilter } from '../inbox/store.js'
import type { MessagingProvider } from '../providers/provider.js'

/** Where staff answer a message that came through Podium: its web inbox (Podium documents no link to one conversation). */
export const PODIUM_INBOX_URL = 'https://app.podium.com/inbox'

export const INBOX_REPLY_MAX = 5000

const reply = z.object({
  id: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  text: z.string(),
  created_at: z.string(),
  /** null: the e-mail's row was purged (retention). */
  email_status: z.enum(DELIVERY_STATUSES).nullable(),
})

export const inboxEntry = z.object({
  id: z.string(),
  /** contact (the contact form), booking or order requests. */
  kind: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** E.164 when it is a valid US number (the tel: link), else as given. */
  phone: z.string(),
  /** "(770) 555-0142", the same for every kind of message. */
  phone_display: z.string(),
  email: z.string().nullable(),
  location_uid: z.string(),
  /** The appointment a booking message is about (its status is scheduling's). */
  appointment_id: z.string().nullable(),
  /** The order request an order message is about (catalogue's). */
  order_id: z.string().nullable(),
  location_name: z.string().nullable(),
  text: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  handled_at: z.string().nullable(),
  /** The staff member who looks after it. */
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Staff's e-mailed replies, oldest first. */
  replies: z.array(reply),
  /** How staff answer: by e-mail from here (local provider, an address given), in Podium, or by phone (no address). */
  reply_by: z.enum(['email', 'podium', 'phone']),
  /** With Podium: where to answer. */
  podium_url: z.string().nullable(),
  /** The patient's language; null for messages kept before it was recorded. */
  language: patientLanguage.nullable(),
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
    appointment_id: z.string().nullable().catch(null),
  })
  .catch({ kind: 'contact', first_name: '', last_name: '', phone: '', email: null, location_uid: '', text: '', appointment_id: null })
const fieldsOf = (payload: unknown) => messageFields.parse({ email: null, appointment_id: null, ...(payload as object) })

/** Booking messages scheduling handed over before they named their appointment: its id is in the key. */
const APPOINTMENT_KEY = /^(?:booking:([0-9a-f-]{36}):clinic|appointment:([0-9a-f-]{36}):cancelled-by-patient)$/
const appointmentOfKey = (source: string, key: string) => {
  const match = source === 'scheduling' ? APPOINTMENT_KEY.exec(key) : null
  return match ? (match[1] ?? match[2] ?? null) : null
}
/** Catalogue's message to the clinic about an order request is keyed by the order's id. */
const ORDER_KEY = /^order:([0-9a-f-]{36}):clinic$/
const orderOfKey = (source: string, key: string) => (source === 'catalogue' ? (ORDER_KEY.exec(key)?.[1] ?? null) : null)

const messageId = z.object({ id: z.uuid({ error: 'must be a message id' }) })
const denied = { 400: errorBody, 401: errorBody, 403: errorBody }

/** What an inbox entry shows besides its row: clinic names, staff's replies, and how staff answer. */
export interface InboxContext {
  names: ReadonlyMap<string, string>
  replies: ReadonlyMap<string, z.infer<typeof reply>[]>
  provider: Pick<MessagingProvider, 'name'>
}

/** A message delivery as staff read it in the inbox (and on a patient's page). */
export function toInboxEntry(r: Delivery, { names, replies, provider }: InboxContext): z.infer<typeof inboxEntry> {
  const m = fieldsOf(r.payload)
  return {
    id: r.id,
    ...m,
    phone: usPhoneE164(m.phone) ?? m.phone,
    phone_display: phoneForDisplay(m.phone),
    appointment_id: m.appointment_id ?? appointmentOfKey(r.source, r.key),
    order_id: orderOfKey(r.source, r.key),
    location_name: names.get(m.location_uid) ?? null,
    status: r.status,
    last_error: r.last_error,
    created_at: r.created_at.toISOString(),
    delivered_at: r.delivered_at?.toISOString() ?? null,
    handled_at: r.handled_at?.toISOString() ?? null,
    assignee: r.assigned_to ? { id: r.assigned_to, name: r.assigned_name ?? '' } : null,
    replies: replies.get(r.id) ?? [],
    reply_by: provider.name === 'podium' ? 'podium' : m.email ? 'email' : 'phone',
    podium_url: provider.name === 'podium' ? PODIUM_INBOX_URL : null,
    language: r.language,
  }
}

/**
 * The staff inbox (staff and admins): every message patients sent (contact form, booking and order
 * requests), newest first, with where its delivery is, a "handled" mark, who looks after it, and
 * staff's replies: e-mailed from here with the local provider, answered in Podium when connected.
 */
export const inboxRoutes: RouteGroup<Database, { provider: MessagingProvider; email: Channel; staffDirectory: StaffDirectoryClient }> = (app, { provider, email, staffDirectory }) => {
  const db = app.db
  const staff = app.requireRole('staff', 'admin')

  /** The caller as identity lists them; someone it no longer lists as staff may not act. */
  const colleague = async (id: string) => {
    const me = await staffDirectory.find(id)
    if (!me) throw httpError(403, 'Only staff may do this.')
    return me
  }

  app.get(
    '/admin/inbox',
    {
      preHandler: staff,
      config: { audit: { action: 'inbox.list', kind: 'message' } },
      schema: {
        querystring: z.strictObject({
          limit: z.coerce.number().int().min(1).max(500).default(100),
          /** me: assigned to the caller; nobody: not assigned yet. */
          assigned: z.enum(['me', 'nobody']).optional(),
        }),
        response: { 200: z.array(inboxEntry), ...denied },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const filter: AssigneeFilter = req.query.assigned === 'me' ? { kind: 'staff', id: req.user!.id } : req.query.assigned === 'nobody' ? { kind: 'nobody' } : { kind: 'anyone' }
      const [rows, locations] = await Promise.all([inboxMessages(db, req.query.limit, filter), provider.getLocations().catch(() => [])])
      const replies = await repliesTo(db, rows.map((r) => r.id))
      const names = new Map(locations.map((l) => [l.uid, l.name]))
      return rows.map((r) => toInboxEntry(r, { names, replies, provider }))
    },
  )

  /** The colleagues a message can be given to (identity's staff and admins). */
  app.get('/admin/inbox/staff', { preHandler: staff, schema: { response: { 200: z.object({ staff: z.array(staffMember) }), ...denied, 503: errorBody } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return { staff: await staffDirectory.list() }
  })

  app.patch(
    '/admin/inbox/:id',
    {
      preHandler: staff,
      config: { audit: { action: 'inbox.mark', kind: 'message' } },
      schema: {
        params: messageId,
        body: z.strictObject({ handled: z.boolean() }),
        response: { 200: z.object({ id: z.string(), handled_at: z.string().nullable() }), ...denied, 404: errorBody },
      },
    },
    async (req, reply) => {
      const row = await markHandled(db, req.params.id, req.body.handled)
      if (!row) return reply.code(404).send(errorPayload(404, 'No such message.'))
      req.log.info({ deliveryId: row.id, by: req.user!.id, handled: req.body.handled }, 'inbox message marked')
      return { id: row.id, handled_at: row.handled_at?.toISOString() ?? null }
    },
  )

  app.put(
    '/admin/inbox/:id/assignee',
    {
      preHandler: staff,
      config: { audit: { action: 'inbox.assign', kind: 'message' } },
      schema: {
        params: messageId,
        /** A staff member's id, or null: nobody. */
        body: z.strictObject({ staff_id: z.string().trim().min(1).max(100).nullable() }),
        response: { 200: z.object({ id: z.string(), assignee: z.object({ id: z.string(), name: z.string() }).nullable() }), ...denied, 404: errorBody, 503: errorBody },
      },
    },
    async (req, reply) => {
      await colleague(req.user!.id)
      const assignee = req.body.staff_id === null ? null : await staffDirectory.find(req.body.staff_id)
      if (req.body.staff_id !== null && !assignee) return reply.code(400).send(errorPayload(400, 'body.staff_id: must be one of the staff'))
      const row = await assignMessage(db, req.params.id, assignee ? { id: assignee.id, name: assignee.name } : null)
      if (!row) return reply.code(404).send(errorPayload(404, 'No such message.'))
      req.auditFacts.detail = JSON.stringify({ assigned_to: assignee?.id ?? null })
      return { id: row.id, assignee: row.assigned_to ? { id: row.assigned_to, name: row.assigned_name ?? '' } : null }
    },
  )

  app.post(
    '/admin/inbox/:id/replies',
    {
      preHandler: staff,
      bodyLimit: 32 * 1024,
      config: { audit: { action: 'inbox.reply', kind: 'message' } },
      schema: {
        params: messageId,
        body: z.strictObject({ text: plainText({ max: INBOX_REPLY_MAX, multiline: true, requiredMessage: 'Write the reply first' }) }),
        response: { 201: z.object({ reply }), ...denied, 404: errorBody, 409: errorBody, 503: errorBody },
      },
    },
    async (req, reply) => {
      const author = await colleague(req.user!.id)
      const message = await db.selectFrom('deliveries').select(['id', 'payload', 'language']).where('id', '=', req.params.id).where('topic', '=', 'message').executeTakeFirst()
      if (!message) return reply.code(404).send(errorPayload(404, 'No such message.'))
      if (provider.name === 'podium') return reply.code(409).send(errorPayload(409, 'Messages are answered in Podium while it is connected.'))
      const m = fieldsOf(message.payload)
      if (!m.email) return reply.code(409).send(errorPayload(409, 'This message has no e-mail address: please call instead.'))
      const added = await addReply(db, {
        messageId: message.id,
        author,
        text: req.body.text,
        email: replyEmail({ first_name: m.first_name, email: m.email, location_uid: m.location_uid, language: message.language ?? DEFAULT_PATIENT_LANGUAGE }, { author_name: author.name, text: req.body.text }),
      })
      // After the commit: an enqueue that fails is picked up by the e-mail channel's sweeper.
      await email.enqueue(added.emailDeliveryId)
      req.log.info({ deliveryId: message.id, emailDeliveryId: added.emailDeliveryId }, 'inbox reply e-mailed')
      const { id, author_id, author_name, text, created_at } = added.reply
      return reply.code(201).send({ reply: { id, author_id, author_name, text, created_at: created_at.toISOString(), email_status: added.emailStatus } })
    },
  )
}
