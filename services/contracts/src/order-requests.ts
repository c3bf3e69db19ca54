import { z } from 'zod'
import { ORDER_STATUSES } from './shop-lists.js'

const name = z.string().trim().min(1, 'is required').max(100)

/**
 * POST /api/catalogue/orders (the embedded checkout): who to call back and what they want.
 * Ids and quantities only: catalogue prices the cart itself, and a price sent by the client is an
 * unknown field (400).
 */
export const orderRequestBody = z.object({
  first_name: name,
  last_name: name,
  email: z.string().trim().max(254).pipe(z.email('must be an e-mail address')),
  phone: z.string().trim().regex(/^[+()\d\s.-]{7,25}$/, 'must be a phone number'),
  location_uid: z.string().trim().min(1, 'choose a clinic').max(100),
  items: z
    .array(z.strictObject({ id: z.string().min(1).max(200), quantity: z.number().int().min(1).max(10) }))
    .min(1, 'Your cart is empty')
    .max(20),
})
export type OrderRequestBody = z.infer<typeof orderRequestBody>

export const orderRequestCreated = z.object({ id: z.string(), total: z.string() })
export type OrderRequestCreated = z.infer<typeof orderRequestCreated>

/** An order request as staff (GET /api/catalogue/orders) and its customer (/orders/mine) read it; prices are text. */
export const orderRequestView = z.object({
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
export type OrderRequestView = z.infer<typeof orderRequestView>
