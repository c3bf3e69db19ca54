import { adminAppointment, emailAddress } from '@hearing/contracts'
import { errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { appointmentsOfPatient } from '../appointment-store.js'
import { appointmentView, syncViews } from '../appointments.js'
import type { Database } from '../database.js'

/** Whose appointments: the account, and the address they may have booked with while signed out. */
const patientQuery = z.object({ user_id: z.uuid({ error: 'must be a user id' }), email: emailAddress.optional() })

const MAX_APPOINTMENTS = 200

/** A patient's page: their appointments with each one's provider sync state (staff and admins). */
export const adminPatientAppointmentRoutes: RouteGroup<Database, { now: () => Date }> = (app, { now }) => {
  const db = app.db

  app.get(
    '/admin/patient-appointments',
    {
      preHandler: app.requireRole('staff', 'admin'),
      config: { audit: { action: 'appointment.list', kind: 'appointment' } },
      schema: { querystring: patientQuery, response: { 200: z.array(adminAppointment), 400: errorBody, 401: errorBody, 403: errorBody } },
    },
    async (req) => {
      req.auditFacts.patientId = req.query.user_id
      const rows = await appointmentsOfPatient(db, req.query.user_id, req.query.email, MAX_APPOINTMENTS)
      const syncs = await syncViews(db, rows.map((r) => r.id))
      const at = now()
      return rows.map((r) => ({ ...appointmentView(r, at), ...syncs.get(r.id)! }))
    },
  )
}
