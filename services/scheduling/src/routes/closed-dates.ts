import { calendarDate, closedDate, closedDayCancelled, closeDayBody, dayClosed, locationUid } from '@hearing/contracts'
import { errorBody, httpError, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { appointmentView } from '../appointments.js'
import { cancelVisitsOfClosedDay, closeDate, reopenDate, upcomingClosedDates } from '../closed-dates.js'
import type { Database } from '../database.js'

/** Days a clinic is closed (staff and admins): listed, added, removed; the visits still booked on one cancelled. */
export const closedDateRoutes: RouteGroup<Database, { now: () => Date; publicUrl: string }> = (app, { now, publicUrl }) => {
  const db = app.db
  const staff = app.requireRole('staff', 'admin')
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody }

  app.get('/admin/closed-dates', { preHandler: staff, schema: { response: { 200: z.array(closedDate), ...errors } } }, async () => upcomingClosedDates(db, now()))

  app.post(
    '/admin/closed-dates',
    {
      preHandler: staff,
      schema: {
        body: closeDayBody,
        response: { 201: dayClosed, ...errors },
      },
    },
    async (req, reply) => {
      const closed = await closeDate(db, req.body, now())
      req.log.info({ location: closed.location_uid, date: closed.date, booked: closed.visits_booked, by: req.user!.id }, 'clinic closed for a day')
      return reply.code(201).send(closed)
    },
  )

  app.delete(
    '/admin/closed-dates/:location_uid/:date',
    { preHandler: staff, schema: { params: z.object({ location_uid: locationUid, date: calendarDate }), response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      if (!(await reopenDate(db, req.params.location_uid, req.params.date))) throw httpError(404, 'That day is not closed.')
      req.log.info({ location: req.params.location_uid, date: req.params.date, by: req.user!.id }, 'clinic open again for a day')
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/admin/closed-dates/:location_uid/:date/cancel-visits',
    {
      preHandler: staff,
      config: { audit: { action: 'appointment.cancel', kind: 'appointment' } },
      schema: { params: z.object({ location_uid: locationUid, date: calendarDate }), response: { 200: closedDayCancelled, ...errors } },
    },
    async (req) => {
      const cancelled = await cancelVisitsOfClosedDay(db, req.params.location_uid, req.params.date, { staffId: req.user!.id, now: now(), publicUrl })
      app.outboxRelay?.nudge()
      req.log.info({ location: req.params.location_uid, date: req.params.date, cancelled: cancelled.length, by: req.user!.id }, 'visits of a closed day cancelled by staff')
      const at = now()
      return { cancelled: cancelled.map((r) => appointmentView(r, at)) }
    },
  )
}
