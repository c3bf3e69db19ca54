import { isPhoneText, phoneDigits, phoneForDisplay, type TextKind } from '@hearing/contracts'
import { errorBody, type RouteGroup } from '@hearing/service-kit'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import type { Database, Delivery } from '../database.js'
import type { MessagingProvider } from '../providers/provider.js'
import { toMailboxEntry, mailboxEntry } from './emails.js'
import { repliesTo } from '../inbox/store.js'
import { inboxEntry, toInboxEntry } from './inbox.js'

const MAX_RECORDS = 200

const address = z.string().trim().max(320).pipe(z.email('must be an e-mail address'))
/** Whose records: the account (for the audit trail), its address, and for messages its phone. */
const patientQuery = z.object({
  user_id: z.uuid({ error: 'must be a user id' }),
  email: address,
  phone: z
    .string()
    .trim()
    .max(30)
    .refine((phone) => phone === '' || isPhoneText(phone), 'must be a phone number')
    .optional(),
})

/** Messages a patient sent: with their address, or (the contact form asks none) from their phone. */
function messagesOf(db: Kysely<Database>, email: string, phone?: string) {
  // The last ten digits: a US number however it was typed (as the deliveries_message_phone_idx index).
  const digits = phone ? (phoneDigits(phone) ?? '') : ''
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('topic', '=', 'message')
    .where((eb) => {
      const byEmail = eb(sql`lower(payload->>'email')`, '=', email.toLowerCase())
      return digits.length === 10 ? eb.or([byEmail, eb(sql`right(regexp_replace(payload->>'phone', '[^0-9]', '', 'g'), 10)`, '=', digits)]) : byEmail
    })
    .orderBy('created_at', 'desc')
    .limit(MAX_RECORDS)
    .execute()
}

function emailsTo(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('topic', '=', 'email')
    .where(sql`lower(payload->>'to')`, '=', email.toLowerCase())
    .orderBy('created_at', 'desc')
    .limit(MAX_RECORDS)
    .execute()
}

/** Texts to the patient: theirs by account or address (never by phone alone: it may be a household's). */
function textsTo(db: Kysely<Database>, userId: string, email: string) {
  return db
    .selectFrom('deliveries')
    .selectAll()
    .where('topic', '=', 'text')
    .where((eb) => eb.or([eb(sql`lower(payload->>'email')`, '=', email.toLowerCase()), eb(sql`payload->>'user_id'`, '=', userId)]))
    .orderBy('created_at', 'desc')
    .limit(MAX_RECORDS)
    .execute()
}

/** What each kind of text is, in the words staff read. */
const TEXT_TITLES: Record<TextKind, string> = { 'appointment-reminder': 'Appointment reminder (text)' }

/** A text as staff read it, in the mailbox's shape: to which phone, what, where it is; never its words (it carries a link). */
function toTextEntry(row: Delivery): z.infer<typeof mailboxEntry> {
  const { kind, phone } = z.object({ kind: z.string().catch(''), phone: z.string().catch('') }).catch({ kind: '', phone: '' }).parse(row.payload ?? {})
  return toMailboxEntry({ ...row, payload: { to: phone ? phoneForDisplay(phone) : '', subject: TEXT_TITLES[kind as TextKind] ?? 'Text', kind: null } })
}

/**
 * A patient's page, staff and admins: the messages they sent (as in the inbox), the
 * e-mails sent to them and the texts sent to their phone (reminders; the local provider keeps them,
 * never sent): subjects and delivery states, never bodies, which carry links for the patient alone.
 */
export const adminPatientRecordRoutes: RouteGroup<Database, { provider: MessagingProvider }> = (app, { provider }) => {
  const db = app.db
  const staff = app.requireRole('staff', 'admin')
  const denied = { 400: errorBody, 401: errorBody, 403: errorBody }

  app.get(
    '/admin/patient-messages',
    { preHandler: staff, config: { audit: { action: 'inbox.list', kind: 'message' } }, schema: { querystring: patientQuery, response: { 200: z.array(inboxEntry), ...denied } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      req.auditFacts.patientId = req.query.user_id
      const [rows, locations] = await Promise.all([messagesOf(db, req.query.email, req.query.phone), provider.getLocations().catch(() => [])])
      const names = new Map(locations.map((l) => [l.uid, l.name]))
      const replies = await repliesTo(db, rows.map((r) => r.id))
      return rows.map((r) => toInboxEntry(r, { names, replies, provider }))
    },
  )

  app.get(
    '/admin/patient-emails',
    { preHandler: staff, config: { audit: { action: 'email.list', kind: 'email' } }, schema: { querystring: patientQuery.omit({ phone: true }), response: { 200: z.array(mailboxEntry), ...denied } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      req.auditFacts.patientId = req.query.user_id
      return (await emailsTo(db, req.query.email)).map(toMailboxEntry)
    },
  )

  app.get(
    '/admin/patient-texts',
    { preHandler: staff, config: { audit: { action: 'text.list', kind: 'text' } }, schema: { querystring: patientQuery.omit({ phone: true }), response: { 200: z.array(mailboxEntry), ...denied } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      req.auditFacts.patientId = req.query.user_id
      return (await textsTo(db, req.query.user_id, req.query.email)).map(toTextEntry)
    },
  )
}
