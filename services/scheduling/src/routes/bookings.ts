import { appointmentTypeId, bookingRequestBody, bookingRequested, bookingWindow as bookingWindowView, calendarDate, locationUid, timeSlot } from '@hearing/contracts'
import { clientAddress, errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import type { BookingLimits } from '../booking-limits.js'
import { availability, bookingWindow, createPublicBooking } from '../bookings.js'
import type { Database } from '../database.js'

const availabilityQuery = z.object({ location_uid: locationUid, appointment_type_id: appointmentTypeId, date: calendarDate })

/**
 * Public booking (/api/scheduling/... through the gateway): the dates a location can be booked on,
 * the free times of a day, and the request itself, stored as a pending appointment until staff confirm it.
 */
export const bookingRoutes: RouteGroup<Database, { now: () => Date; horizonDays: number; limits: BookingLimits }> = (app, { now, horizonDays, limits }) => {
  const db = app.db
  app.get(
    '/booking-window',
    { schema: { querystring: z.object({ location_uid: locationUid }), response: { 200: bookingWindowView, 400: errorBody } } },
    async (req) => bookingWindow(db, req.query.location_uid, { now: now(), horizonDays }),
  )

  app.get(
    '/availability',
    { schema: { querystring: availabilityQuery, response: { 200: z.object({ date: z.string(), times: z.array(timeSlot) }), 400: errorBody } } },
    async (req) => {
      const { slots } = await availability(db, { locationUid: req.query.location_uid, typeId: req.query.appointment_type_id, date: req.query.date }, { now: now(), horizonDays })
      return { date: req.query.date, times: slots.map((s) => ({ time: s.time, label: s.label, starts_at: s.starts_at.toISOString() })) }
    },
  )

  app.post(
    '/bookings',
    { bodyLimit: 16 * 1024, schema: { body: bookingRequestBody, response: { 201: bookingRequested, 400: errorBody, 409: errorBody } } },
    async (req, reply) => {
      const result = await createPublicBooking(db, req.body, { now: now(), horizonDays, userId: req.user?.id ?? null, address: clientAddress(req), limits })
      req.log.info({ appointment: result.id }, 'booking request stored')
      // Its acknowledgement and the staff's message leave now, not at the relay's next tick.
      app.outboxRelay?.nudge()
      return reply.code(201).send(result)
    },
  )
}
