import { randomUUID } from 'node:crypto'
import { CLINIC_TIME_ZONE, DEFAULT_PATIENT_LANGUAGE, ORDER_LIMITS, type OrderFilters, type OrderNote, type OrderRequestBody, type OrderRequestView, type OrderStatus, type PatientLanguage, type StaffOrderRequestView } from '@hearing/contracts'
import { addToOutbox, httpError, loadMessageFiles, patientMessages, renderEmail, toCsv, type WindowRule } from '@hearing/service-kit'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Database, OrderLine, OrderRequestsTable } from './database.js'
import { formatPrice, type ProductStore } from './store.js'

export interface PricedCart {
  lines: OrderLine[]
  totalCents: number
}

/**
 * The cart priced from the catalogue: client prices are never read. Lines of the same product are
 * merged first, then held to ORDER_LIMITS (a product on 20 lines is still one product). Unknown
 * ids and carts over the limits are a 400.
 */
export async function priceCart(store: ProductStore, items: OrderRequestBody['items']): Promise<PricedCart> {
  const quantities = new Map<string, number>()
  for (const i of items) quantities.set(i.id, (quantities.get(i.id) ?? 0) + i.quantity)
  const overLine = [...quantities].filter(([, quantity]) => quantity > ORDER_LIMITS.perProduct).map(([id]) => id)
  if (overLine.length > 0) throw httpError(400, `body.items: at most ${ORDER_LIMITS.perProduct} of one product in an order request (${overLine.join(', ')}); please call your clinic for more`)
  const units = [...quantities.values()].reduce((sum, q) => sum + q, 0)
  if (units > ORDER_LIMITS.perOrder) throw httpError(400, `body.items: at most ${ORDER_LIMITS.perOrder} hearing aids in one order request; please call your clinic for more`)
  const prices = await store.pricesInCents([...quantities.keys()])
  const unknown = [...quantities.keys()].filter((id) => !prices.has(id))
  if (unknown.length > 0) throw httpError(400, `body.items: unknown product(s) ${unknown.join(', ')}`)
  const lines = [...quantities].map(([id, quantity]) => {
    const { title, priceCents } = prices.get(id)!
    return { id, title, unit_price_cents: priceCents, quantity }
  })
  return { lines, totalCents: lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0) }
}

/** The words of the customer's e-mails per language: data/messages/<language>.json. */
export const MESSAGES_DIR = new URL('../data/messages/', import.meta.url)
const messagesIn = patientMessages(loadMessageFiles(MESSAGES_DIR))

/** The lines and total, one per line; in the customer's language (the clinic's copy is English). */
function summary(lines: OrderLine[], totalCents: number, language: PatientLanguage = DEFAULT_PATIENT_LANGUAGE) {
  const m = messagesIn(language)
  return [
    ...lines.map((l) => m.t('summary.line', { quantity: l.quantity, title: l.title, price: formatPrice(l.unit_price_cents) })),
    m.t('summary.total', { total: formatPrice(totalCents) }),
  ].join('\n')
}

/**
 * The confirmation to the address typed in the form, which may be anybody's: the only words of the
 * visitor's it carries are the first name, validated as a name (contracts' greetingNameProblem),
 * and it never repeats the phone or anything else they typed.
 */
export function confirmationEmail(input: Pick<OrderRequestBody, 'first_name' | 'email'>, summaryText: string, language: PatientLanguage = DEFAULT_PATIENT_LANGUAGE) {
  const m = messagesIn(language)
  return renderEmail(
    {
      subject: m.t('received.subject'),
      greeting: m.greeting(input.first_name),
      paragraphs: [m.t('received.body'), ...summaryText.split('\n'), m.t('received.ignore')],
    },
    input.email,
    m,
  )
}

/**
 * Stores the order request and, in the same transaction, the message to the clinic and the
 * confirmation e-mail to the visitor (outbox): a 2xx means all of them are committed. The address
 * typed may be anybody's, so it gets at most `confirmationsPerRecipient` confirmations per window,
 * counted here in PostgreSQL beside the orders (whatever Redis is doing); beyond that the order is
 * stored and the clinic told, without another e-mail (`confirmed: false`).
 */
export async function createOrderRequest(
  db: Kysely<Database>,
  { lines, totalCents }: PricedCart,
  input: OrderRequestBody,
  userId: string | null,
  { confirmationsPerRecipient }: { confirmationsPerRecipient: WindowRule },
) {
  const language = input.language ?? DEFAULT_PATIENT_LANGUAGE
  const text = summary(lines, totalCents)
  const recipient = input.email.trim().toLowerCase()
  return db.transaction().execute(async (trx) => {
    // One order at a time per recipient, so two at once cannot both take the last confirmation.
    await sql`select pg_advisory_xact_lock(hashtext(${`order-confirmation:${recipient}`}))`.execute(trx)
    const { sent } = await trx
      .selectFrom('order_requests')
      .select((eb) => eb.fn.countAll<string>().as('sent'))
      .where(sql<string>`lower(email)`, '=', recipient)
      .where('confirmation_sent', '=', true)
      .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${confirmationsPerRecipient.windowSeconds})`)
      .executeTakeFirstOrThrow()
    const confirmed = Number(sent) < confirmationsPerRecipient.limit
    const { id } = await trx
      .insertInto('order_requests')
      .values({
        user_id: userId,
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        phone: input.phone,
        location_uid: input.location_uid,
        items: JSON.stringify(lines),
        total_cents: totalCents,
        language,
        confirmation_sent: confirmed,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (confirmed) await addToOutbox(trx, { topic: 'email', key: `order:${id}:confirmation`, payload: { ...confirmationEmail(input, summary(lines, totalCents, language), language), kind: 'order-received' } })
    await addToOutbox(trx, {
      topic: 'message',
      key: `order:${id}:clinic`,
      payload: {
        kind: 'order',
        location_uid: input.location_uid,
        first_name: input.first_name,
        last_name: input.last_name,
        phone: input.phone,
        email: input.email,
        text: `New hearing aid order request ${id}. Please call to arrange the fitting.\n${text}`,
        language,
      },
    })
    return { id, total: formatPrice(totalCents), confirmed }
  })
}

type OrderRow = Selectable<OrderRequestsTable>

/** Order requests newest first, matching the staff filters: a status, and days in the clinics' time zone (inclusive). */
function matching(db: Kysely<Database>, { status, from, to }: OrderFilters) {
  let q = db.selectFrom('order_requests').selectAll().orderBy('created_at', 'desc').orderBy('id')
  if (status) q = q.where('status', '=', status)
  if (from) q = q.where('created_at', '>=', sql<Date>`(${from}::date)::timestamp at time zone ${CLINIC_TIME_ZONE}`)
  if (to) q = q.where('created_at', '<', sql<Date>`(${to}::date + 1)::timestamp at time zone ${CLINIC_TIME_ZONE}`)
  return q
}

function toView({ items, total_cents, created_at, user_id: _user, ...row }: OrderRow): OrderRequestView {
  return {
    ...row,
    items: items.map((i) => ({ id: i.id, title: i.title, unit_price: formatPrice(i.unit_price_cents), quantity: i.quantity })),
    total: formatPrice(total_cents),
    created_at: created_at.toISOString(),
  }
}

/** A customer's own order requests, newest first (the latest 200): no staff notes. */
export async function listOwnOrderRequests(db: Kysely<Database>, userId: string): Promise<OrderRequestView[]> {
  return (await matching(db, {}).where('user_id', '=', userId).limit(200).execute()).map(toView)
}

/** Every order request the filters match, newest first (the latest 200), with staff's notes. */
export async function listOrderRequests(db: Kysely<Database>, filters: OrderFilters = {}): Promise<StaffOrderRequestView[]> {
  return withNotes(db, await matching(db, filters).limit(200).execute())
}

/** A patient's page: their order requests (by account, and by the address they may have used signed out), with staff's notes. */
export async function listPatientOrderRequests(db: Kysely<Database>, userId: string, email?: string): Promise<StaffOrderRequestView[]> {
  const rows = await matching(db, {})
    .where((eb) => (email ? eb.or([eb('user_id', '=', userId), eb(eb.fn('lower', ['email']), '=', email.toLowerCase())]) : eb('user_id', '=', userId)))
    .limit(200)
    .execute()
  return withNotes(db, rows)
}

async function withNotes(db: Kysely<Database>, rows: OrderRow[]): Promise<StaffOrderRequestView[]> {
  const notes = rows.length ? await db.selectFrom('order_notes').selectAll().where('order_id', 'in', rows.map((r) => r.id)).orderBy('created_at').orderBy('id').execute() : []
  return rows.map((row) => ({ ...toView(row), notes: notes.filter((n) => n.order_id === row.id).map(noteView) }))
}

function noteView({ id, author_id, author_name, text, created_at }: { id: string; author_id: string; author_name: string; text: string; created_at: Date }): OrderNote {
  return { id, author_id, author_name, text, created_at: created_at.toISOString() }
}

/** Adds a staff note to an order request; undefined when there is no such request. */
export async function addOrderNote(db: Kysely<Database>, orderId: string, author: { id: string; name: string }, text: string) {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('order_requests').select(['id', 'user_id']).where('id', '=', orderId).executeTakeFirst()
    if (!order) return undefined
    const note = await trx.insertInto('order_notes').values({ order_id: orderId, author_id: author.id, author_name: author.name, text }).returningAll().executeTakeFirstOrThrow()
    return { note: noteView(note), patientId: order.user_id }
  })
}

/** A CSV export holds at most this many order requests (narrow the filters for more). */
export const ORDER_EXPORT_MAX = 10_000

const CSV_HEADER = ['order id', 'received', 'status', 'first name', 'last name', 'email', 'phone', 'clinic', 'items', 'total', 'notes']

/** Every order request the filters match (up to ORDER_EXPORT_MAX), newest first, as CSV. */
export async function orderRequestsCsv(db: Kysely<Database>, filters: OrderFilters, clinicName: (uid: string) => string): Promise<{ csv: string; rows: number }> {
  const rows = await matching(db, filters).limit(ORDER_EXPORT_MAX).execute()
  const notes = rows.length ? await db.selectFrom('order_notes').select(['order_id', 'author_name', 'text', 'created_at']).where('order_id', 'in', rows.map((r) => r.id)).orderBy('created_at').execute() : []
  const lines = rows.map((r) => [
    r.id,
    r.created_at.toISOString(),
    r.status,
    r.first_name,
    r.last_name,
    r.email,
    r.phone,
    clinicName(r.location_uid),
    r.items.map((i) => `${i.quantity} × ${i.title}`).join('; '),
    formatPrice(r.total_cents),
    notes
      .filter((n) => n.order_id === r.id)
      .map((n) => `${n.created_at.toISOString()} ${n.author_name}: ${n.text}`)
      .join('\n'),
  ])
  return { csv: toCsv(CSV_HEADER, lines), rows: rows.length }
}

/** What the customer is told when staff move their order request along, in their language. */
export function statusEmail(order: { first_name: string; email: string; language: PatientLanguage }, status: OrderStatus) {
  const m = messagesIn(order.language)
  return renderEmail({ subject: m.t(`status.${status}.subject`), greeting: m.greeting(order.first_name), paragraphs: [m.t(`status.${status}.body`)] }, order.email, m)
}

/**
 * Moves an order request to `status` and, when that changed it, e-mails the customer in the same
 * transaction (outbox). 'missing' when there is no such request.
 */
export async function setOrderStatus(db: Kysely<Database>, id: string, status: OrderStatus): Promise<'changed' | 'unchanged' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('order_requests').select(['status', 'first_name', 'email', 'language']).where('id', '=', id).forUpdate().executeTakeFirst()
    if (!order) return 'missing'
    if (order.status === status) return 'unchanged'
    await trx.updateTable('order_requests').set({ status }).where('id', '=', id).execute()
    await addToOutbox(trx, { topic: 'email', key: `order:${id}:status:${randomUUID()}`, payload: { ...statusEmail(order, status), kind: 'order-status' } })
    return 'changed'
  })
}
