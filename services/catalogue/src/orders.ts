import type { OrderRequestBody, OrderRequestView, OrderStatus } from '@hearing/contracts'
import { addToOutbox, httpError } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import type { Database, OrderLine } from './database.js'
import { formatPrice, type ProductStore } from './store.js'

/** The cart priced from the catalogue: client prices are never read. Unknown ids are a 400. */
export async function priceCart(store: ProductStore, items: OrderRequestBody['items']): Promise<{ lines: OrderLine[]; totalCents: number }> {
  const quantities = new Map<string, number>()
  for (const i of items) quantities.set(i.id, (quantities.get(i.id) ?? 0) + i.quantity)
  const prices = await store.pricesInCents([...quantities.keys()])
  const unknown = [...quantities.keys()].filter((id) => !prices.has(id))
  if (unknown.length > 0) throw httpError(400, `body.items: unknown product(s) ${unknown.join(', ')}`)
  const lines = [...quantities].map(([id, quantity]) => {
    const { title, priceCents } = prices.get(id)!
    return { id, title, unit_price_cents: priceCents, quantity }
  })
  return { lines, totalCents: lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0) }
}

function summary(lines: OrderLine[], totalCents: number) {
  return [...lines.map((l) => `${l.quantity} × ${l.title} (${formatPrice(l.unit_price_cents)} each)`), `Total: ${formatPrice(totalCents)}`].join('\n')
}

/**
 * Stores the order request and, in the same transaction, the confirmation e-mail to the visitor
 * and the message to the clinic (outbox): a 2xx means all three are committed.
 */
export async function createOrderRequest(db: Kysely<Database>, store: ProductStore, input: OrderRequestBody, userId: string | null) {
  const { lines, totalCents } = await priceCart(store, input.items)
  const text = summary(lines, totalCents)
  return db.transaction().execute(async (trx) => {
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
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await addToOutbox(trx, {
      topic: 'email',
      key: `order:${id}:confirmation`,
      payload: {
        to: input.email,
        subject: 'We received your hearing aid order request',
        text: `Hello ${input.first_name},\n\nThank you for your order request. Hearing aids are fitted in person, so your clinic will call you at ${input.phone} to arrange your fitting appointment. Nothing has been charged.\n\n${text}\n`,
      },
    })
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
      },
    })
    return { id, total: formatPrice(totalCents) }
  })
}

/** Order requests, newest first (the latest 200): everyone's, or one customer's own. */
export async function listOrderRequests(db: Kysely<Database>, userId?: string): Promise<OrderRequestView[]> {
  let q = db.selectFrom('order_requests').selectAll().orderBy('created_at', 'desc').limit(200)
  if (userId) q = q.where('user_id', '=', userId)
  const rows = await q.execute()
  return rows.map(({ items, total_cents, created_at, user_id: _user, ...row }) => ({
    ...row,
    items: items.map((i) => ({ id: i.id, title: i.title, unit_price: formatPrice(i.unit_price_cents), quantity: i.quantity })),
    total: formatPrice(total_cents),
    created_at: created_at.toISOString(),
  }))
}

/** Moves an order request to `status`; false when there is no such request. */
export async function setOrderStatus(db: Kysely<Database>, id: string, status: OrderStatus): Promise<boolean> {
  const updated = await db.updateTable('order_requests').set({ status }).where('id', '=', id).executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}
