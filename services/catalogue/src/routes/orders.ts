import { clinicByUid, locationNameOf, ORDER_NOTE_MAX, ORDER_STATUSES, orderFilters, orderNote, orderRequestBody, orderRequestCreated, orderRequestView, plainText, staffOrderRequestView } from '@hearing/contracts'
import {
  csvDownloadHeaders,
  errorBody,
  httpError,
  registerVisitorLimits,
  VISITOR_MAIL_PER_RECIPIENT,
  visitorLimit,
  waitInWords,
  type RouteGroup,
  type StaffDirectoryClient,
  type WindowRule,
} from '@hearing/service-kit'
import { z } from 'zod'
import type { Database } from '../database.js'
import { addOrderNote, createOrderRequest, listOrderRequests, listOwnOrderRequests, orderRequestsCsv, priceCart, setOrderStatus } from '../orders.js'
import type { ProductStore } from '../store.js'

const orderList = z.object({ orders: z.array(orderRequestView) })
const staffOrderList = z.object({ orders: z.array(staffOrderRequestView) })
const denied = { 400: errorBody, 401: errorBody, 403: errorBody }

export interface OrderRateLimits {
  /** Order requests one client address may place per window; beyond it 429 with Retry-After. */
  perAddress: WindowRule
  /** Confirmation e-mails one recipient gets per window (every visitor-caused e-mail counts). */
  perRecipient: WindowRule
}

/**
 * A household orders once, maybe corrects it once or twice; a clinic's shared network a few more.
 * Past that the clinic's phone is the way (the 429 says so).
 */
export const ORDER_RATE_DEFAULTS: OrderRateLimits = { perAddress: { limit: 5, windowSeconds: 3600 }, perRecipient: VISITOR_MAIL_PER_RECIPIENT }

/**
 * The embedded checkout's order requests: anyone places one (the clinic calls back to arrange the
 * fitting); customers read their own; staff read them all and move them along.
 */
export const ordersRoutes: RouteGroup<Database, { store: ProductStore; limits: OrderRateLimits; keyPrefix: string; staffDirectory: StaffDirectoryClient }> = async (
  app,
  { store, limits, keyPrefix, staffDirectory },
) => {
  const db = app.db
  const staff = app.requireRole('staff', 'admin')
  await registerVisitorLimits(app, { prefix: keyPrefix })
  const perAddress = visitorLimit({
    max: limits.perAddress.limit,
    windowSeconds: limits.perAddress.windowSeconds,
    message: (wait) => `Too many order requests from your network. Please call your clinic, or try again in ${waitInWords(wait)}.`,
  })

  /**
   * A refused request, decided for the patient and against the attacker:
   * - too many from one client address: 429 with Retry-After and nothing stored, so a script cannot
   *   fill the clinics' order lists or anyone's inbox; the message sends a person to the phone;
   * - the address typed already had its confirmations today: 201, the order stored and the clinic
   *   told, without another e-mail. A patient is never refused because someone else used their
   *   address, and an attacker learns nothing about whose inbox has mail.
   */
  app.post('/orders', { bodyLimit: 16 * 1024, config: { rateLimit: perAddress }, schema: { body: orderRequestBody, response: { 201: orderRequestCreated, 400: errorBody, 429: errorBody } } }, async (req, reply) => {
    const input = req.body
    if (!clinicByUid(input.location_uid)) throw httpError(400, 'body.location_uid: choose one of our clinics')
    const cart = await priceCart(store, input.items)
    const { confirmed, ...created } = await createOrderRequest(db, cart, input, req.user?.id ?? null, { confirmationsPerRecipient: limits.perRecipient })
    // No name, e-mail or phone in logs: personal data.
    if (!confirmed) req.log.info({ orderId: created.id }, 'order request stored; its confirmation e-mail skipped (the recipient had enough today)')
    app.outboxRelay?.nudge()
    return reply.code(201).send(created)
  })

  /** Staff: the order requests the filters match, newest first, with their notes. */
  app.get(
    '/orders',
    { preHandler: staff, config: { audit: { action: 'order.list', kind: 'order' } }, schema: { querystring: orderFilters, response: { 200: staffOrderList, ...denied } } },
    async (req) => ({ orders: await listOrderRequests(db, req.query) }),
  )

  /** Staff: the same, every one of them, as a CSV download; an export takes patient data out, so it is itself a record. */
  app.get(
    '/orders.csv',
    { preHandler: staff, config: { audit: { action: 'order.export', kind: 'order' } }, schema: { querystring: orderFilters, response: { 200: z.string(), ...denied } } },
    async (req, reply) => {
      const { csv, rows } = await orderRequestsCsv(db, req.query, (uid) => locationNameOf(uid) ?? uid)
      req.auditFacts.detail = JSON.stringify({ ...req.query, rows })
      return reply.headers(csvDownloadHeaders('order-requests')).send(csv)
    },
  )

  /** A signed-in customer's own order requests (staff's notes are not theirs to read). */
  app.get('/orders/mine', { preHandler: app.requireRole(), schema: { response: { 200: orderList } } }, async (req) => ({
    orders: await listOwnOrderRequests(db, req.user!.id),
  }))

  /** Staff: an internal note on an order request, signed with the writer's name from identity. */
  app.post(
    '/orders/:id/notes',
    {
      preHandler: staff,
      bodyLimit: 16 * 1024,
      config: { audit: { action: 'order.note', kind: 'order' } },
      schema: {
        params: z.object({ id: z.uuid({ error: 'must be an order request id' }) }),
        body: z.strictObject({ text: plainText({ max: ORDER_NOTE_MAX, multiline: true, requiredMessage: 'Write the note first' }) }),
        response: { 201: z.object({ note: orderNote }), ...denied, 404: errorBody, 503: errorBody },
      },
    },
    async (req, reply) => {
      const author = await staffDirectory.find(req.user!.id)
      if (!author) throw httpError(403, 'Only staff may write notes.')
      const added = await addOrderNote(db, req.params.id, author, req.body.text)
      if (!added) throw httpError(404, 'Order request not found.')
      if (added.patientId) req.auditFacts.patientId = added.patientId
      return reply.code(201).send({ note: added.note })
    },
  )

  app.patch(
    '/orders/:id',
    {
      preHandler: staff,
      config: { audit: { action: 'order.status', kind: 'order' } },
      schema: { params: z.object({ id: z.uuid() }), body: z.strictObject({ status: z.enum(ORDER_STATUSES) }), response: { 200: z.object({ emailed: z.boolean() }) } },
    },
    async (req, reply) => {
      const outcome = await setOrderStatus(db, req.params.id, req.body.status)
      if (outcome === 'missing') throw httpError(404, 'Order request not found.')
      if (outcome === 'changed') app.outboxRelay?.nudge()
      // emailed: the customer is told of a change (none for choosing the status it already had).
      return reply.code(200).send({ emailed: outcome === 'changed' })
    },
  )
}
