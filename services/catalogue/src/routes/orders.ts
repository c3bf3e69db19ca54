import { httpError, type App } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { ORDER_STATUSES, type Database } from '../database.js'
import { createOrderRequest } from '../orders.js'
import { formatPrice, type ProductStore } from '../store.js'

const name = z.string().trim().min(1, 'is required').max(100)

const orderBody = z.object({
  first_name: name,
  last_name: name,
  email: z.string().trim().max(254).pipe(z.email('must be an e-mail address')),
  phone: z.string().trim().regex(/^[+()\d\s.-]{7,25}$/, 'must be a phone number'),
  location_uid: z.string().trim().min(1, 'choose a clinic').max(100),
  /** Ids and quantities only: a price sent by the client is an unknown field (400). */
  items: z
    .array(z.strictObject({ id: z.string().min(1).max(200), quantity: z.number().int().min(1).max(10) }))
    .min(1, 'Your cart is empty')
    .max(20),
})

const orderView = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  location_uid: z.string(),
  items: z.array(z.object({ id: z.string(), title: z.string(), unit_price: z.string(), quantity: z.number() })),
  total: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
})

export function ordersRoutes(app: App, db: Kysely<Database>, store: ProductStore) {
  app.post(
    '/orders',
    { schema: { body: orderBody, response: { 201: z.object({ id: z.string(), total: z.string() }) } } },
    async (req, reply) => {
      const created = await createOrderRequest(db, store, req.body as z.output<typeof orderBody>, req.user?.id ?? null)
      app.outboxRelay?.nudge()
      return reply.code(201).send(created)
    },
  )

  const list = (userId?: string) => {
    let q = db.selectFrom('order_requests').selectAll().orderBy('created_at', 'desc').limit(200)
    if (userId) q = q.where('user_id', '=', userId)
    return q.execute().then((rows) =>
      rows.map(({ items, total_cents, created_at, user_id: _user, ...row }) => ({
        ...row,
        items: items.map((i) => ({ id: i.id, title: i.title, unit_price: formatPrice(i.unit_price_cents), quantity: i.quantity })),
        total: formatPrice(total_cents),
        created_at: created_at.toISOString(),
      })),
    )
  }

  /** Staff: every order request, newest first. */
  app.get(
    '/orders',
    { preHandler: app.requireRole('staff', 'admin'), schema: { response: { 200: z.object({ orders: z.array(orderView) }) } } },
    async () => ({ orders: await list() }),
  )

  /** A signed-in customer's own order requests. */
  app.get(
    '/orders/mine',
    { preHandler: app.requireRole(), schema: { response: { 200: z.object({ orders: z.array(orderView) }) } } },
    async (req) => ({ orders: await list(req.user!.id) }),
  )

  app.patch(
    '/orders/:id',
    {
      preHandler: app.requireRole('staff', 'admin'),
      schema: { params: z.object({ id: z.uuid() }), body: z.object({ status: z.enum(ORDER_STATUSES) }) },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string }
      const { status } = req.body as { status: (typeof ORDER_STATUSES)[number] }
      const updated = await db.updateTable('order_requests').set({ status }).where('id', '=', id).executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) throw httpError(404, 'Order request not found.')
      return reply.code(204).send()
    },
  )
}
