import { adminAppointment, APPOINTMENT_STATUSES, PENDING_REQUESTS_PAGE_SIZE, pendingRequestsPage, appointmentSync, appointmentTypeId, appointmentView as appointmentSchema, calendarDate, locationUid, pendingSource, releaseSourceBody, rescheduleBody, STAFF_DECISIONS, staffAppointmentBody, staffTime } from '@hearing/contracts'
import { errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { appointmentsByIds, pendingRequests, recentAppointments } from '../appointment-store.js'
import { appointmentView, decideByStaff, findOrThrow, syncViews } from '../appointments.js'
import type { Database } from '../database.js'
import { rescheduleByStaff, scheduleByStaff, scheduleOf, staffSlots } from '../staff-scheduling.js'
import { pendingBySource, releaseSource } from '../pending-sources.js'
import { appointmentId } from './fields.js'

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

  // Every request waiting for a decision, however many appointments were made since: the
  // recent list above ends at its limit, this one at the last request.
  app.get(
    '/admin/pending-requests',
    {
      preHandler: staff,
      config: { audit: { action: 'appointment.list', kind: 'appointment' } },
      schema: {
        querystring: z.object({ page: z.coerce.number({ error: 'must be a page number' }).int('must be a page number').min(1, 'must be a page number').max(10_000).default(1) }),
        response: { 200: pendingRequestsPage, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const size = PENDING_REQUESTS_PAGE_SIZE
      const { total, rows } = await pendingRequests(db, { offset: (req.query.page - 1) * size, limit: size })
      const at = now()
      return { total, page: req.query.page, pages: Math.max(1, Math.ceil(total / size)), page_size: size, requests: rows.map((r) => appointmentView(r, at)) }
    },
  )

  // Where one appointment's provider sync is, and nothing else about it: the dashboard asks this
  // after scheduling one, so its toast can tell how the first attempt went. No patient data is
  // read, so it is not an audited read (the list above is).
  app.get(
    '/admin/appointments/:id/sync',
    { preHandler: staff, schema: { params: appointmentId, response: { 200: appointmentSync, ...errors } } },
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
        querystring: z.object({ location_uid: locationUid, appointment_type_id: appointmentTypeId, date: calendarDate }),
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
    { preHandler: staff, bodyLimit: 16 * 1024, config: { audit: { action: 'appointment.create', kind: 'appointment' } }, schema: { body: staffAppointmentBody, response: { 201: adminAppointment, ...errors } } },
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
      schema: { body: releaseSourceBody, response: { 200: z.object({ released: z.number().int() }), ...errors } },
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
          from: calendarDate,
          days: z.coerce.number().int().min(1, 'must be 1 (a day) or 7 (a week)').max(7, 'must be 1 (a day) or 7 (a week)').default(1),
          location_uid: locationUid.optional(),
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
      schema: { params: appointmentId, body: rescheduleBody, response: { 200: appointmentSchema, ...errors } },
    },
    async (req) => {
      const row = await rescheduleByStaff(db, req.params.id, { date: req.body.appointment_date, time: req.body.appointment_time }, { now: now(), publicUrl })
      app.outboxRelay?.nudge()
      req.log.info({ appointment: row.id, by: req.user!.id }, 'appointment moved by staff')
      req.auditFacts.patientId = row.user_id ?? undefined
      return appointmentView(row, now())
    },
  )

  for (const decision of STAFF_DECISIONS) {
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
