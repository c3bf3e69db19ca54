import { hearingSelfCheckAnswers } from '@hearing/contracts'
import { clientAddress, errorBody, personName, plainText, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import type { BookingLimits } from '../booking-limits.js'
import { availability, bookingWindow, createPublicBooking } from '../bookings.js'
import type { Database } from '../database.js'
import { date, email, phone, time, typeId, uid } from './fields.js'

const availabilityQuery = z.object({ location_uid: uid, appointment_type_id: typeId, date })
const slotView = z.object({ time: z.string(), label: z.string(), starts_at: z.string() })
/** The dates the form may offer: first to last, weekdays, minus the closed ones. */
const bookingWindowView = z.object({ first_date: z.string(), last_date: z.string(), horizon_days: z.number().int(), closed_dates: z.array(z.string()) })

/** SPEC §3 "Public booking form", §5 "Public booking required". */
const bookingBody = z.strictObject({
  first_name: personName(),
  last_name: personName(),
  email,
  phone,
  location: uid,
  appointment_type_id: typeId,
  /** The type's name as the form shows it; the server uses the id. */
  appointment_type: z.string().max(200).optional(),
  date,
  time,
  address_line1: plainText({ max: 200 }),
  address_line2: plainText({ max: 200, min: 0 }).optional(),
  city: plainText({ max: 100 }),
  state: plainText({ max: 50 }),
  zip_code: z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code (12345 or 12345-6789)'),
  notes: plainText({ max: 2000, min: 0, multiline: true }).optional(),
  /** Booked from the hearing self-check: its ten answers (the service scores them). */
  hearing_self_check: hearingSelfCheckAnswers.optional(),
})

const booked = z.object({ id: z.string(), status: z.literal('pending'), starts_at: z.string(), appointment_type: z.string(), location: z.string() })

/**
 * Public booking (/api/scheduling/... through the gateway): the dates a location can be booked on,
 * the free times of a day, and the request itself, stored as a pending appointment until staff confirm it.
 */
export const bookingRoutes: RouteGroup<Database, { now: () => Date; horizonDays: number; limits: BookingLimits }> = (app, { now, horizonDays, limits }) => {
  const db = app.db
  app.get(
    '/booking-window',
    { schema: { querystring: z.object({ location_uid: uid }), response: { 200: bookingWindowView, 400: errorBody } } },
    async (req) => bookingWindow(db, req.query.location_uid, { now: now(), horizonDays }),
  )

  app.get(
    '/availability',
    { schema: { querystring: availabilityQuery, response: { 200: z.object({ date: z.string(), times: z.array(slotView) }), 400: errorBody } } },
    async (req) => {
      const { slots } = await availability(db, { locationUid: req.query.location_uid, typeId: req.query.appointment_type_id, date: req.query.date }, { now: now(), horizonDays })
      return { date: req.query.date, times: slots.map((s) => ({ time: s.time, label: s.label, starts_at: s.starts_at.toISOString() })) }
    },
  )

  app.post(
    '/bookings',
    { bodyLimit: 16 * 1024, schema: { body: bookingBody, response: { 201: booked, 400: errorBody, 409: errorBody } } },
    async (req, reply) => {
      const result = await createPublicBooking(db, req.body, { now: now(), horizonDays, userId: req.user?.id ?? null, address: clientAddress(req), limits })
      req.log.info({ appointment: result.id }, 'booking request stored')
      // Its acknowledgement and the staff's message leave now, not at the relay's next tick.
      app.outboxRelay?.nudge()
      return reply.code(201).send(result)
    },
  )
}
