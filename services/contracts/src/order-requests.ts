import { z } from 'zod'
import { patientLanguage } from './language.js'
import { usPhoneField } from './phone-field.js'
import { usPhoneE164 } from './phone.js'
import { ORDER_STATUSES } from './shop-lists.js'
import { greetingName } from './typed-text.js'
import { ORDER_LIMITS } from './visitor-fields.js'

/** A name the confirmation e-mail greets by: letters and a little punctuation only. */
const name = greetingName()

/**
 * POST /api/catalogue/orders (the embedded checkout): who to call back and what they want.
 * Ids and quantities only: catalogue prices the cart itself, and a price sent by the client is an
 * unknown field (400). The phone is kept in E.164; catalogue also checks the clinic is one of ours
 * and the merged lines against ORDER_LIMITS.
 */
export const orderRequestBody = z.object({
  first_name: name,
  last_name: name,
  email: z.string().trim().max(254).pipe(z.email('must be an e-mail address')),
  // Kept in E.164: the order's phone is matched against accounts and Podium contacts.
  phone: usPhoneField('must be a valid US phone number').transform((value) => usPhoneE164(value)!),
  location_uid: z.string().trim().min(1, 'choose a clinic').max(100),
  items: z
    .array(z.strictObject({ id: z.string().min(1).max(200), quantity: z.number().int().min(1).max(ORDER_LIMITS.perProduct, `must be at most ${ORDER_LIMITS.perProduct}`) }))
    .min(1, 'Your cart is empty')
    .max(ORDER_LIMITS.lines),
  /** The language the customer ordered in: their e-mails about this order use it (default en). */
  language: patientLanguage.optional(),
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
  /** The language the customer ordered in. */
  language: patientLanguage,
})
export type OrderRequestView = z.infer<typeof orderRequestView>

/** An internal note staff keep on an order request (never shown to the customer). */
export const ORDER_NOTE_MAX = 2000
export const orderNote = z.object({ id: z.string(), author_id: z.string(), author_name: z.string(), text: z.string(), created_at: z.string() })
export type OrderNote = z.infer<typeof orderNote>

/** An order request as staff read it: the customer's view and staff's own notes, oldest first. */
export const staffOrderRequestView = orderRequestView.extend({ notes: z.array(orderNote) })
export type StaffOrderRequestView = z.infer<typeof staffOrderRequestView>

const day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' })

/** GET /api/catalogue/orders and /orders.csv (staff): every filter optional; days are the clinics' (inclusive). */
export const orderFilters = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  from: day.optional(),
  to: day.optional(),
})
export type OrderFilters = z.infer<typeof orderFilters>
