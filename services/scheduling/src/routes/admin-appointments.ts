import { errorBody, personName, plainText, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { appointmentsByIds, appointmentView, decideByStaff, findOrThrow, recentAppointments, syncViews, type StaffDecision } from '../appointments.js'
import { APPOINTMENT_STATUSES, type Database } from '../database.js'
import { rescheduleByStaff, scheduleByStaff, scheduleOf, staffSlots } from '../staff-scheduling.js'
import { pendingBySource, releaseSource, SOURCE_KINDS } from '../pending-sources.js'
import { appointmentId, appointmentView as appointmentSchema, date, email, phone, time, typeId, uid } from './fields.js'

const sync = z.object({
  /** SPEC §4: "synced", "failed" (an error is recorded), otherwise "local"; "unknown" when messaging-sync cannot be asked. */
  sync_state: z.enum(['synced', 'failed', 'local', 'unknown']),
  podium_synced: z.boolean(),
  podium_sync_error: z.string().nullable(),
  /** The provider has been tried (or messaging-sync cannot be reached): the dashboard's toast waits for this. */
  sync_attempted: z.boolean(),
})
export const adminAppointment = appointmentSchema.extend(sync.shape)

const sourceKind = z.enum(SOURCE_KINDS, { error: `must be one of ${SOURCE_KINDS.join(', ')}` })
const pendingSource = z.object({
  kind: sourceKind,
  value: z.string(),
  count: z.number().int(),
  requests: z.array(z.object({ id: z.string(), name: z.string(), appointment_type: z.string(), location_name: z.string().nullable(), when: z.string(), requested_at: z.string() })),
})

/** A time staff may choose: free, or held by a live appointment (named in the form). */
const staffTime = z.object({
  time: z.string(),
  label: z.string(),
  starts_at: z.string(),
  held_by: z.object({ status: z.enum(['pending', 'confirmed']), requested_at: z.string() }).nullable(),
})

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
  appointment_type_id: typeId,
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
      config: { audit: { action: 'appointment.list', kind: 'appointment' } },
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(500).default(100),
          /** These appointments only (the Inbox shows the status of the ones its messages are about). */
          ids: z
            .string()
            .transform((v) => v.split(',').filter(Boolean))
            .pipe(z.array(z.uuid({ error: 'must be appointment ids, separated by commas' })).max(200))
            .optional(),
        }),
        response: { 200: z.array(adminAppointment), ...errors },
      },
    },
    async (req) => {
      const rows = req.query.ids ? await appointmentsByIds(db, req.query.ids) : await recentAppointments(db, req.query.limit)
      const syncs = await syncViews(db, rows.map((r) => r.id))
      const at = now()
      return rows.map((r) => ({ ...appointmentView(r, at), ...syncs.get(r.id)! }))
    },
  )

  // Where one appointment's provider sync is, and nothing else about it: the dashboard asks this
  // after scheduling one, so its toast can tell how the first attempt went. No patient data is
  // read, so it is not an audited read (the list above is).
  app.get(
    '/admin/appointments/:id/sync',
    { preHandler: staff, schema: { params: appointmentId, response: { 200: sync, ...errors } } },
    async (req) => {
      await findOrThrow(db, req.params.id)
      return (await syncViews(db, [req.params.id])).get(req.params.id)!
    },
  )

  app.get(
    '/admin/staff-times',
    {
      preHandler: staff,
      schema: {
        querystring: z.object({ location_uid: uid, appointment_type_id: typeId, date }),
        response: { 200: z.object({ date: z.string(), times: z.array(staffTime) }), ...errors },
      },
    },
    async (req) => {
      const slots = await staffSlots(db, { locationUid: req.query.location_uid, typeId: req.query.appointment_type_id, date: req.query.date }, now())
      return { date: req.query.date, times: slots.map((s) => ({ time: s.time, label: s.label, starts_at: s.starts_at.toISOString(), held_by: s.held_by })) }
    },
  )

  app.post(
    '/admin/appointments',
    { preHandler: staff, bodyLimit: 16 * 1024, config: { audit: { action: 'appointment.create', kind: 'appointment' } }, schema: { body: scheduleBody, response: { 201: adminAppointment, ...errors } } },
    async (req, reply) => {
      const { user_info, appointment_date, appointment_time, ...rest } = req.body
      const row = await scheduleByStaff(
        db,
        { ...rest, patient: { ...user_info, phone: user_info.phone || undefined }, date: appointment_date, time: appointment_time },
        { staffId: req.user!.id, now: now(), publicUrl },
      )
      req.log.info({ appointment: row.id, by: req.user!.id }, 'appointment scheduled by staff')
      Object.assign(req.auditFacts, { recordId: row.id, patientId: row.user_id ?? undefined })
      // Handed over now; the dashboard reads how the provider's first attempt went from the list
      // (the relay brings it back), so this answer waits on no other service.
      app.outboxRelay?.nudge()
      const sync = (await syncViews(db, [row.id])).get(row.id)!
      return reply.code(201).send({ ...appointmentView(row, now()), ...sync })
    },
  )

  app.get(
    '/admin/pending-sources',
    {
      preHandler: staff,
      schema: { querystring: z.object({ min: z.coerce.number().int().min(1).max(100).default(2) }), response: { 200: z.array(pendingSource), ...errors } },
    },
    async (req) => pendingBySource(db, now(), req.query.min),
  )

  app.post(
    '/admin/pending-sources/release',
    {
      preHandler: staff,
      schema: { body: z.strictObject({ kind: sourceKind, value: z.string().trim().min(1, 'is required').max(320) }), response: { 200: z.object({ released: z.number().int() }), ...errors } },
    },
    async (req) => {
      const released = await releaseSource(db, req.body, { staffId: req.user!.id, now: now() })
      // The source itself (an address, e-mail or phone) is personal data: only its kind is logged.
      req.log.info({ kind: req.body.kind, released, by: req.user!.id }, 'pending requests of one source released')
      return { released }
    },
  )

  app.get(
    '/admin/schedule',
    {
      preHandler: staff,
      config: { audit: { action: 'appointment.list', kind: 'appointment' } },
      schema: {
        querystring: z.object({
          from: date,
          days: z.coerce.number().int().min(1, 'must be 1 (a day) or 7 (a week)').max(7, 'must be 1 (a day) or 7 (a week)').default(1),
          location_uid: uid.optional(),
          status: z.enum(APPOINTMENT_STATUSES, { error: `must be one of ${APPOINTMENT_STATUSES.join(', ')}` }).optional(),
        }),
        response: { 200: z.array(appointmentSchema), ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const rows = await scheduleOf(db, { from: req.query.from, days: req.query.days, locationUid: req.query.location_uid, status: req.query.status })
      const at = now()
      return rows.map((r) => appointmentView(r, at))
    },
  )

  app.post(
    '/admin/appointments/:id/reschedule',
    {
      preHandler: staff,
      config: { audit: { action: 'appointment.reschedule', kind: 'appointment' } },
      schema: { params: appointmentId, body: z.strictObject({ appointment_date: date, appointment_time: time }), response: { 200: appointmentSchema, ...errors } },
    },
    async (req) => {
      const row = await rescheduleByStaff(db, req.params.id, { date: req.body.appointment_date, time: req.body.appointment_time }, { now: now(), publicUrl })
      app.outboxRelay?.nudge()
      req.log.info({ appointment: row.id, by: req.user!.id }, 'appointment moved by staff')
      req.auditFacts.patientId = row.user_id ?? undefined
      return appointmentView(row, now())
    },
  )

  for (const decision of ['confirm', 'decline', 'cancel', 'complete', 'no-show'] as const satisfies readonly StaffDecision[]) {
    app.post(
      `/admin/appointments/:id/${decision}`,
      { preHandler: staff, config: { audit: { action: `appointment.${decision}`, kind: 'appointment' } }, schema: { params: appointmentId, response: { 200: appointmentSchema, ...errors } } },
      async (req) => {
        const row = await decideByStaff(db, req.params.id, decision, { staffId: req.user!.id, now: now(), publicUrl })
        app.outboxRelay?.nudge()
        req.log.info({ appointment: row.id, by: req.user!.id, decision }, 'appointment decided by staff')
        req.auditFacts.patientId = row.user_id ?? undefined
        return appointmentView(row, now())
      },
    )
  }
}
