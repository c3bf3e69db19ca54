import { z } from 'zod'
import { isCalendarDate } from './clinic-calendar.js'
import { hearingSelfCheckAnswers, hearingSelfCheckResult } from './hearing-self-check-schema.js'
import { patientLanguage } from './language.js'
import { usPhoneField } from './phone-field.js'
import { greetingName, personName, plainText } from './typed-text.js'

// The scheduling service's API: what the booking form, the staff's appointment forms and the
// patient's pages send and read. The service validates with these schemas; the SPA imports the
// types only (a type import brings no zod into its pages).

/** Where an appointment stands (SPEC §3 "Appointment"); completed and no_show: what happened at a confirmed visit (staff mark it once it has started). */
export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'declined', 'cancelled', 'completed', 'no_show'] as const
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number]

/**
 * What staff may do to an appointment: POST /api/scheduling/admin/appointments/:id/{decision}.
 * undo-outcome: a visit marked completed or a no-show is confirmed again, on the day of the visit.
 */
export const STAFF_DECISIONS = ['confirm', 'decline', 'cancel', 'complete', 'no-show', 'undo-outcome'] as const
export type StaffDecision = (typeof STAFF_DECISIONS)[number]

/** A clinic's uid as the requests name it (which clinic it is, the service checks). */
export const locationUid = z.string().trim().min(1, 'is required').max(64)
/** A real calendar date: 2026-02-30 is refused here rather than by PostgreSQL. */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine(isCalendarDate, 'must be a date (YYYY-MM-DD)')
/** A clinic wall-clock time, "09:30". */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)')
export const emailAddress = z.string().trim().max(254).pipe(z.email('must be an e-mail address'))
const phone = usPhoneField('must be a valid US phone number')
/** Appointment types are keyed by uuid: anything else is a 400, never a database error. */
export const appointmentTypeId = z.uuid({ error: 'must be an appointment type id' })

/** An appointment type a clinic offers (SPEC §3 "Appointment type"): GET /api/scheduling/appointment-types. */
export const appointmentType = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  duration_minutes: z.number().int(),
  location_uid: z.string(),
  active: z.boolean(),
  sort_order: z.number().int(),
})
export type AppointmentType = z.infer<typeof appointmentType>

/** POST /api/scheduling/bookings (SPEC §3 "Public booking form", §5 "Public booking required"). */
export const bookingRequestBody = z.strictObject({
  // The acknowledgement e-mail greets the address typed by this name.
  first_name: greetingName(),
  last_name: greetingName(),
  email: emailAddress,
  phone,
  location: locationUid,
  appointment_type_id: appointmentTypeId,
  /** The type's name as the form shows it; the server uses the id. */
  appointment_type: z.string().max(200).optional(),
  date: calendarDate,
  time: clockTime,
  address_line1: plainText({ max: 200 }),
  address_line2: plainText({ max: 200, min: 0 }).optional(),
  city: plainText({ max: 100 }),
  state: plainText({ max: 50 }),
  zip_code: z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code (12345 or 12345-6789)'),
  notes: plainText({ max: 2000, min: 0, multiline: true }).optional(),
  /** Booked from the hearing self-check (and the patient chose to send it): its ten answers, scored by the service. */
  hearing_self_check: hearingSelfCheckAnswers.optional(),
  /** The language the patient booked in: their e-mails about this booking use it (default en). */
  language: patientLanguage.optional(),
})
/** What the booking form sends. */
export type BookingRequest = z.input<typeof bookingRequestBody>
/** A booking request as the service reads it (trimmed, checked). */
export type BookingRequestBody = z.infer<typeof bookingRequestBody>

/** The answer to a booking request: stored as pending until staff confirm it. */
export const bookingRequested = z.object({ id: z.string(), status: z.literal('pending'), starts_at: z.string(), appointment_type: z.string(), location: z.string() })
export type BookingRequested = z.infer<typeof bookingRequested>

/** The dates the booking form may offer at a clinic: first to last, on opening days, minus the closed ones. */
export const bookingWindow = z.object({ first_date: z.string(), last_date: z.string(), horizon_days: z.number().int(), closed_dates: z.array(z.string()) })
export type BookingWindow = z.infer<typeof bookingWindow>

/** A free start time, in the clinic's time zone whatever the visitor's. */
export const timeSlot = z.object({ time: z.string(), label: z.string(), starts_at: z.string() })
export type TimeSlot = z.infer<typeof timeSlot>

/** A time staff may choose: free, or held by a live appointment (named in the form). */
export const staffTime = timeSlot.extend({
  held_by: z.object({ status: z.enum(['pending', 'confirmed']), requested_at: z.string() }).nullable(),
})
export type StaffTime = z.infer<typeof staffTime>

/** POST /api/scheduling/admin/appointments: staff schedule for a patient (SPEC §3 "Appointment creation payload"; user_info is the patient). */
export const staffAppointmentBody = z.strictObject({
  user_id: z.uuid({ error: 'must be a user id' }),
  user_info: z.strictObject({
    first_name: personName(),
    last_name: personName(),
    email: emailAddress,
    phone: z.union([phone, z.literal('')]).optional(),
  }),
  location: locationUid,
  appointment_type_id: appointmentTypeId,
  appointment_date: calendarDate,
  appointment_time: clockTime,
  notes: plainText({ max: 2000, min: 0, multiline: true }).optional(),
  /** The patient's language, from their account: the confirmation e-mail is written in it. */
  language: patientLanguage.optional(),
})
export type StaffAppointmentRequest = z.input<typeof staffAppointmentBody>

/** POST /api/scheduling/admin/appointments/:id/reschedule: the new day and time. */
export const rescheduleBody = z.strictObject({ appointment_date: calendarDate, appointment_time: clockTime })
export type RescheduleRequest = z.input<typeof rescheduleBody>

/** An appointment as patients and staff read it; date and time are the clinic's, whatever the reader's zone. */
export const appointmentView = z.object({
  id: z.string(),
  location_uid: z.string(),
  location_name: z.string().nullable(),
  appointment_type: z.string(),
  appointment_type_id: z.string(),
  appointment_date: z.string(),
  appointment_time: z.string(),
  /** "Monday, November 30, 2026 at 10:00 AM (Eastern Standard Time)". */
  when: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  source: z.enum(['public', 'staff']),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
  cancelled_by: z.enum(['patient', 'staff']).nullable(),
  can_cancel: z.boolean(),
  /** The hearing self-check the patient booked from, if any (staff, and the patient's own list). */
  hearing_self_check: hearingSelfCheckResult.nullable(),
  /** The language the patient booked in; staff see it, the patient's e-mails use it. */
  language: patientLanguage,
})
export type Appointment = z.infer<typeof appointmentView>

/** Where an appointment's hand-over to the messaging provider stands. */
export const appointmentSync = z.object({
  /** SPEC §4: "synced", "failed" (an error is recorded), otherwise "local"; "unknown" when messaging-sync cannot be asked. */
  sync_state: z.enum(['synced', 'failed', 'local', 'unknown']),
  podium_synced: z.boolean(),
  podium_sync_error: z.string().nullable(),
  /** The provider has been tried (or messaging-sync cannot be reached): the dashboard's toast waits for this. */
  sync_attempted: z.boolean(),
})
export type AppointmentSync = z.infer<typeof appointmentSync>
export type SyncState = AppointmentSync['sync_state']

/** An appointment as staff read it in the dashboard: with its provider sync. */
export const adminAppointment = appointmentView.extend(appointmentSync.shape)
export type AdminAppointment = z.infer<typeof adminAppointment>

/** GET /api/scheduling/admin/pending-requests?page=: every request waiting for a decision, the longest waiting first, a page at a time. */
export const PENDING_REQUESTS_PAGE_SIZE = 20
export const pendingRequestsPage = z.object({
  /** How many requests are waiting, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  page_size: z.number().int(),
  requests: z.array(appointmentView),
})
export type PendingRequestsPage = z.infer<typeof pendingRequestsPage>

/** A patient's own appointments (GET /api/scheduling/me/appointments). */
export const myAppointments = z.object({ upcoming: z.array(appointmentView), past: z.array(appointmentView) })
export type MyAppointmentsList = z.infer<typeof myAppointments>

/** What an e-mailed cancel link shows: enough to recognise the appointment, nothing about the patient. */
export const linkedAppointment = appointmentView.pick({ id: true, appointment_type: true, location_name: true, when: true, starts_at: true, status: true, can_cancel: true })
export type LinkedAppointment = z.infer<typeof linkedAppointment>

/**
 * A day a clinic is closed (a holiday, a sick day): no times are offered on it, and the visits still
 * booked on it (`visits_booked`, until staff move or cancel them) get no reminders.
 */
export const closedDate = z.object({ location_uid: z.string(), location_name: z.string().nullable(), date: z.string(), reason: z.string().nullable(), visits_booked: z.number().int() })
export type ClosedDate = z.infer<typeof closedDate>

/** POST /api/scheduling/admin/closed-dates: staff close a clinic for a day. */
export const closeDayBody = z.strictObject({ location_uid: locationUid, date: calendarDate, reason: plainText({ max: 200, min: 0 }).optional() })
export type CloseDayRequest = z.input<typeof closeDayBody>

/** The answer: the day, and the visits still booked on it, for staff to move or cancel. */
export const dayClosed = closedDate.extend({ visits: z.array(appointmentView) })
export type DayClosed = z.infer<typeof dayClosed>

/** POST /api/scheduling/admin/closed-dates/:location_uid/:date/cancel-visits: the visits cancelled, each patient told. */
export const closedDayCancelled = z.object({ cancelled: z.array(appointmentView) })
export type ClosedDayCancelled = z.infer<typeof closedDayCancelled>

/** What a source of pending requests is: the client's address, the e-mail or the phone a request was made with. */
export const SOURCE_KINDS = ['address', 'email', 'phone'] as const
export type SourceKind = (typeof SOURCE_KINDS)[number]
const sourceKind = z.enum(SOURCE_KINDS, { error: `must be one of ${SOURCE_KINDS.join(', ')}` })

/** Upcoming requests waiting for staff from one source (a flood shows as one address, e-mail or phone on top). */
export const pendingSource = z.object({
  kind: sourceKind,
  value: z.string(),
  count: z.number().int(),
  requests: z.array(z.object({ id: z.string(), name: z.string(), appointment_type: z.string(), location_name: z.string().nullable(), when: z.string(), requested_at: z.string() })),
})
export type PendingSource = z.infer<typeof pendingSource>

/** POST /api/scheduling/admin/pending-sources/release: decline every upcoming request of the source still waiting. */
export const releaseSourceBody = z.strictObject({ kind: sourceKind, value: z.string().trim().min(1, 'is required').max(320) })
export type ReleaseSourceRequest = z.input<typeof releaseSourceBody>
