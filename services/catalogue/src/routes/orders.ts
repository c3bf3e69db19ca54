import { ORDER_STATUSES, orderRequestBody, orderRequestCreated, orderRequestView } from '@hearing/contracts'
import { httpError, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import type { Database } from '../database.js'
import { createOrderRequest, listOrderRequests, setOrderStatus } from '../orders.js'
import type { ProductStore } from '../store.js'

const orderList = z.object({ orders: z.array(orderRequestView) })

/**
 * The embedded checkout's order requests: anyone places one (the clinic calls back to arrange the
 * fitting); customers read their own; staff read them all and move them along.
 */
export const ordersRoutes: RouteGroup<Database, { store: ProductStore }> = (app, { store }) => {
  const db = app.db
  const staff = app.requireRole('staff', 'admin')

  app.post('/orders', { schema: { body: orderRequestBody, response: { 201: orderRequestCreated } } }, async (req, reply) => {
    const created = await createOrderRequest(db, store, req.body, req.user?.id ?? null)
    app.outboxRelay?.nudge()
    return reply.code(201).send(created)
  })

  /** Staff: every order request, newest first. */
  app.get('/orders', { preHandler: staff, schema: { response: { 200: orderList } } }, async () => ({ orders: await listOrderRequests(db) }))

  /** A signed-in customer's own order requests. */
  app.get('/orders/mine', { preHandler: app.requireRole(), schema: { response: { 200: orderList } } }, async (req) => ({
    orders: await listOrderRequests(db, req.user!.id),
  }))

  app.patch(
    '/orders/:id',
    { preHandler: staff, schema: { params: z.object({ id: z.uuid() }), body: z.object({ status: z.enum(ORDER_STATUSES) }) } },
    async (req, reply) => {
      if (!(await setOrderStatus(db, req.params.id, req.body.status))) throw httpError(404, 'Order request not found.')
      return reply.code(204).send()
    },
  )
}
