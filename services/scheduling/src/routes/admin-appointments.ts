import { errorBody, personName, plainText, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { appointmentView, decideByStaff, firstSyncAttempt, recentAppointments, scheduleByStaff, syncKey, syncState, type StaffDecision } from '../appointments.js'
import type { Database } from '../database.js'
import { appointmentId, appointmentView as appointmentSchema, date, email, phone, time, uid } from './fields.js'

const sync = z.object({
  /** SPEC §4: "synced", "failed" (an error is recorded), otherwise "local"; "unknown" when messaging-sync cannot be asked. */
  sync_state: z.enum(['synced', 'failed', 'local', 'unknown']),
  podium_synced: z.boolean(),
  podium_sync_error: z.string().nullable(),
})
const adminAppointment = appointmentSchema.extend(sync.shape)

/** SPEC §3 "Appointment creation payload" (user_info is the patient). */
const scheduleBody = z.strictObject({
  user_id: z.uuid({ error: 'must be a user id' }),
  user_info: z.strictObject({
    first_name: personName(),
    last_name: personName(),
    email,
    phone: z.union([phone, z.literal('')]).optional(),
  }),
  location: uid,
  appointment_type_id: uid,
  appointment_date: date,
  appointment_time: time,
  notes: plainText({ max: 2000, min: 0, multiline: true }).optional(),
})

/**
 * The dashboard's Appointments tab (staff and admins): recent appointments with their provider
 * sync state; scheduling for a patient; confirming or declining a request; cancelling.
 */
export const adminAppointmentRoutes: RouteGroup<Database, { now: () => Date; publicUrl: string }> = (app, { now, publicUrl }) => {
  const db = app.db
  const staff = app.requireRole('staff', 'admin')
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 503: errorBody }

  app.get(
    '/admin/appointments',
    {
      preHandler: staff,
      schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }), response: { 200: z.array(adminAppointment), ...errors } },
    },
    async (req) => {
      const rows = await recentAppointments(db, req.query.limit)
      const states = await (app.outboxRelay?.statuses(rows.map((r) => syncKey(r.id))) ?? Promise.resolve(null))
      const at = now()
      return rows.map((r) => ({ ...appointmentView(r, at), ...syncState(states?.get(syncKey(r.id)), states !== null) }))
    },
  )

  app.post(
    '/admin/appointments',
    { preHandler: staff, bodyLimit: 16 * 1024, schema: { body: scheduleBody, response: { 201: adminAppointment, ...errors } } },
    async (req, reply) => {
      const { user_info, appointment_date, appointment_time, ...rest } = req.body
      const row = await scheduleByStaff(
        db,
        { ...rest, patient: { ...user_info, phone: user_info.phone || undefined }, date: appointment_date, time: appointment_time },
        { staffId: req.user!.id, now: now(), publicUrl },
      )
      req.log.info({ appointment: row.id, by: req.user!.id }, 'appointment scheduled by staff')
      // The toast tells staff how the provider's first attempt went; later retries show in the list.
      const first = await firstSyncAttempt(app.outboxRelay, row.id)
      return reply.code(201).send({ ...appointmentView(row, now()), ...first })
    },
  )

  for (const decision of ['confirm', 'decline', 'cancel'] as const satisfies readonly StaffDecision[]) {
    app.post(
      `/admin/appointments/:id/${decision}`,
      { preHandler: staff, schema: { params: appointmentId, response: { 200: appointmentSchema, ...errors } } },
      async (req) => {
        const row = await decideByStaff(db, req.params.id, decision, { staffId: req.user!.id, now: now(), publicUrl })
        app.outboxRelay?.nudge()
        req.log.info({ appointment: row.id, by: req.user!.id, decision }, 'appointment decided by staff')
        return appointmentView(row, now())
      },
    )
  }
}
