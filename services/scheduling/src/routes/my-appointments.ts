import { appointmentView as appointmentSchema, linkedAppointment, myAppointments } from '@hearing/contracts'
import { errorBody, httpError, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { appointmentOfCancelLink, appointmentView, cancelByPatient, CANCEL_LINK_INVALID, patientAppointments } from '../appointments.js'
import type { Database } from '../database.js'
import { appointmentId } from './fields.js'

const token = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a cancel link token') })


/**
 * Patients' own appointments: signed-in customers list theirs and cancel an upcoming one; anyone
 * holding the e-mailed cancel link can see and cancel that one appointment (the token travels in
 * the body, never in a URL the servers log).
 */
export const myAppointmentRoutes: RouteGroup<Database, { now: () => Date }> = (app, { now }) => {
  const db = app.db
  const signedIn = app.requireRole()
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 503: errorBody }

  app.get(
    '/me/appointments',
    { preHandler: signedIn, schema: { response: { 200: myAppointments, ...errors } } },
    async (req) => patientAppointments(db, req.user!.id, now()),
  )

  app.post(
    '/me/appointments/:id/cancel',
    { preHandler: signedIn, schema: { params: appointmentId, response: { 200: appointmentSchema, ...errors } } },
    async (req) => {
      const row = await cancelByPatient(db, { userId: req.user!.id }, req.params.id, now())
      app.outboxRelay?.nudge()
      req.log.info({ appointment: row.id }, 'appointment cancelled by the patient')
      return appointmentView(row, now())
    },
  )

  app.post('/cancel-link', { schema: { body: token, response: { 200: linkedAppointment, ...errors } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const row = await appointmentOfCancelLink(db, req.body.token, now())
    if (!row) throw httpError(404, CANCEL_LINK_INVALID)
    return linkedAppointment.parse(appointmentView(row, now()))
  })

  app.post('/cancel-link/cancel', { schema: { body: token, response: { 200: linkedAppointment, ...errors } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const row = await cancelByPatient(db, { token: req.body.token }, null, now())
    app.outboxRelay?.nudge()
    req.log.info({ appointment: row.id }, 'appointment cancelled by the patient (e-mailed link)')
    return linkedAppointment.parse(appointmentView(row, now()))
  })
}
