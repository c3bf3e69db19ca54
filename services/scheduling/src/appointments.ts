import { createHash, randomBytes } from 'node:crypto'
import { CLINIC_TIME_ZONE, DEFAULT_PATIENT_LANGUAGE, hhieBand, locationNameOf, pathInLanguage, type PatientLanguage, type StaffDecision, type SyncState } from '@hearing/contracts'
import { addToOutbox, httpError, type DeliveryState } from '@hearing/service-kit'
import type { Kysely, Selectable } from 'kysely'
import { DateTime } from 'luxon'
import { appointmentsOfUser, changeAppointment, findAppointment, findAppointmentByRef, insertCancelToken, LIVE_STATUSES, nextCalendarSequence, outboxStates, type AppointmentRef, type AppointmentRow, type StatusChange } from './appointment-store.js'
import { describeStart } from './availability.js'
import { isClosedDay } from './closed-date-store.js'
import type { Database } from './database.js'
import { cancelledEmail, confirmedEmail, declinedEmail, queuePatientEmail } from './patient-emails.js'

type Db = Kysely<Database>

// ---------------------------------------------------------------------------------------------
// How an appointment is shown
// ---------------------------------------------------------------------------------------------

export function appointmentView(row: AppointmentRow, now: Date) {
  const start = DateTime.fromJSDate(row.starts_at, { zone: CLINIC_TIME_ZONE })
  return {
    id: row.id,
    location_uid: row.location_uid,
    location_name: locationNameOf(row.location_uid) ?? null,
    appointment_type: row.appointment_type,
    appointment_type_id: row.appointment_type_id,
    /** The clinic's calendar day and wall-clock time (Eastern), whatever the reader's zone. */
    appointment_date: start.toISODate()!,
    appointment_time: start.toFormat('HH:mm'),
    when: describeStart(row.starts_at),
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    status: row.status,
    source: row.source,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    created_at: row.created_at.toISOString(),
    cancelled_by: row.cancelled_by,
    can_cancel: LIVE_STATUSES.includes(row.status) && row.starts_at > now,
    hearing_self_check: hearingSelfCheckOf(row),
    language: row.language,
  }
}

/** The self-check a request was booked from: its answers, the total stored with them and that total's band. */
function hearingSelfCheckOf(row: AppointmentRow) {
  if (!row.hearing_check_answers || row.hearing_check_score === null) return null
  return { answers: row.hearing_check_answers, score: row.hearing_check_score, band: hhieBand(row.hearing_check_score) }
}
export type AppointmentView = ReturnType<typeof appointmentView>

// ---------------------------------------------------------------------------------------------
// Sync with the messaging provider (create_appointment), as messaging-sync reports it
// ---------------------------------------------------------------------------------------------

/** The outbox key of an appointment's create_appointment call; messaging-sync reports its status by it. */
export const syncKey = (appointmentId: string) => `appointment:${appointmentId}:sync`

/**
 * SPEC §4: synced; sync failed if an error is recorded; otherwise local only. "unknown" when
 * messaging-sync could not be asked. A failed attempt that is still being retried counts as failed
 * until a retry succeeds.
 */
export function syncState(state: DeliveryState | undefined, asked: boolean): { sync_state: SyncState; podium_synced: boolean; podium_sync_error: string | null } {
  if (!asked) return { sync_state: 'unknown', podium_synced: false, podium_sync_error: null }
  if (state?.status === 'delivered') return { sync_state: 'synced', podium_synced: true, podium_sync_error: null }
  if (state && (state.status === 'failed' || state.status === 'refused' || state.last_error)) {
    return { sync_state: 'failed', podium_synced: false, podium_sync_error: state.last_error ?? 'Sync failed' }
  }
  return { sync_state: 'local', podium_synced: false, podium_sync_error: null }
}

/** Hands the appointment to the messaging provider (create_appointment) through the outbox. */
export async function queueSync(trx: Db, row: AppointmentRow): Promise<void> {
  await addToOutbox(trx, {
    topic: 'appointment',
    key: syncKey(row.id),
    payload: {
      appointment_id: row.id,
      location_uid: row.location_uid,
      first_name: row.first_name,
      last_name: row.last_name,
      ...(row.phone ? { phone: row.phone } : {}),
      email: row.email,
      starts_at: row.starts_at.toISOString(),
      ends_at: row.ends_at.toISOString(),
      type_name: row.appointment_type,
      ...(row.notes ? { notes: row.notes } : {}),
    },
  })
}

const SETTLED: ReadonlySet<DeliveryState['status']> = new Set(['delivered', 'local', 'failed', 'refused', 'waiting'])

export type SyncView = ReturnType<typeof syncState> & {
  /** The provider has been tried at least once (or messaging-sync cannot be reached): staff's toast can tell how it went. */
  sync_attempted: boolean
}

type TrackedRow = Pick<Selectable<Database['outbox']>, 'key' | 'handed_over_at' | 'attempts' | 'last_error' | 'delivery_status' | 'delivery_attempts' | 'delivery_error'>

/** One appointment's sync as its outbox row tells it (the relay brings messaging-sync's status back into it). */
export function syncView(row: TrackedRow | undefined): SyncView {
  // Not handed over, or handed over and not heard of yet: nothing to report but "local only".
  if (!row || (!row.handed_over_at && row.attempts === 0) || (row.handed_over_at && !row.delivery_status)) return { ...syncState(undefined, true), sync_attempted: false }
  // The relay cannot reach messaging-sync: it keeps trying, and nobody can tell how the provider would answer.
  if (!row.handed_over_at) return { ...syncState(undefined, false), sync_attempted: true }
  const state = { status: row.delivery_status!, attempts: row.delivery_attempts ?? 0, last_error: row.delivery_error }
  return { ...syncState(state, true), sync_attempted: state.attempts > 0 || SETTLED.has(state.status) }
}

/** The sync of these appointments, read from this service's own outbox. */
export async function syncViews(db: Db, appointmentIds: readonly string[]): Promise<Map<string, SyncView>> {
  const rows = await outboxStates(db, appointmentIds.map(syncKey))
  const byKey = new Map(rows.map((r) => [r.key, r]))
  return new Map(appointmentIds.map((id) => [id, syncView(byKey.get(syncKey(id)))]))
}

// ---------------------------------------------------------------------------------------------
// Cancel links: a random token per e-mail, only its hash stored; it cancels that appointment and
// nothing else, and stops working when the appointment starts.
// ---------------------------------------------------------------------------------------------

export const CANCEL_LINK_INVALID = 'This cancel link is invalid or has expired. Please call the clinic to change your appointment.'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The cancel page in the patient's language (a Spanish e-mail links the /es page). */
export function cancelLink(publicUrl: string, token: string, language: PatientLanguage = DEFAULT_PATIENT_LANGUAGE): string {
  return `${publicUrl}${pathInLanguage(language, '/cancel-appointment')}?token=${encodeURIComponent(token)}`
}

/** A fresh cancel link token for one e-mail about the appointment (the links of earlier e-mails keep working). */
export async function newCancelToken(trx: Db, appointmentId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await insertCancelToken(trx, hashToken(token), appointmentId)
  return token
}

/** Confirms the appointment to the patient: e-mail with the calendar file and a fresh cancel link. */
export async function sendConfirmation(trx: Db, row: AppointmentRow, publicUrl: string): Promise<void> {
  const token = await newCancelToken(trx, row.id)
  const sequence = (await nextCalendarSequence(trx, row.id))!
  await queuePatientEmail(trx, row.id, 'appointment-confirmed', confirmedEmail(row, cancelLink(publicUrl, token, row.language), sequence))
}

// ---------------------------------------------------------------------------------------------
// Staff: confirm, decline, cancel (scheduling for a patient: staff-scheduling.ts)
// ---------------------------------------------------------------------------------------------

export async function findOrThrow(db: Db, id: string): Promise<AppointmentRow> {
  const row = await findAppointment(db, id)
  if (!row) throw httpError(404, 'No such appointment.')
  return row
}

/** The request is no longer in a state this change applies to (another staff member was quicker). */
export function notApplicable(row: AppointmentRow, action: string, now: Date): Error {
  const status = row.status === 'no_show' ? 'a no-show' : row.status
  const live = LIVE_STATUSES.includes(row.status)
  // A visit's outcome is told once it has started; the other changes only before.
  const timing = !live ? '' : row.starts_at <= now ? ' and has already started' : action.startsWith('marked') ? ' and has not started yet' : ''
  return httpError(409, `This appointment cannot be ${action}: it is ${status}${timing}.`)
}

/** When the clinic's day of `now` began: an outcome told that day can be undone until it ends. */
function clinicDayStart(now: Date): Date {
  return DateTime.fromJSDate(now, { zone: CLINIC_TIME_ZONE }).startOf('day').toJSDate()
}

/** What a decision changes, and from which state. */
function staffChange(decision: StaffDecision, staffId: string, now: Date): StatusChange {
  // A wrong press at the front desk: the visit is confirmed again, the same clinic day only (later
  // the outcome is what the records say happened).
  if (decision === 'undo-outcome') return { set: { status: 'confirmed' }, from: ['completed', 'no_show'], startsAfter: clinicDayStart(now), startedBy: now }
  if (decision === 'cancel') return { set: { status: 'cancelled', cancelled_at: now, cancelled_by: 'staff' }, from: LIVE_STATUSES, startsAfter: now }
  // What happened at a confirmed visit, told once it has started.
  if (decision === 'complete' || decision === 'no-show') return { set: { status: decision === 'complete' ? 'completed' : 'no_show' }, from: ['confirmed'], startedBy: now }
  return { set: { status: decision === 'confirm' ? 'confirmed' : 'declined', decided_at: now, decided_by: staffId }, from: ['pending'] }
}

const DECIDED: Record<StaffDecision, string> = { confirm: 'confirmed', decline: 'declined', cancel: 'cancelled', complete: 'marked completed', 'no-show': 'marked a no-show', 'undo-outcome': 'confirmed again' }

/** Why an outcome cannot be undone: it is not one, or its day is over. */
function undoRefusal(row: AppointmentRow): Error {
  if (row.status !== 'completed' && row.status !== 'no_show') return httpError(409, `This appointment has no outcome to undo: it is ${row.status}.`)
  return httpError(409, "This visit's outcome can only be undone on the day of the visit.")
}

/**
 * Staff decide on a pending request (confirm, decline), cancel a live upcoming appointment, tell a
 * started visit's outcome or undo it that day; the patient is told by e-mail in the same transaction. The status changes only from the state the
 * action expects, so two staff members acting at once cannot both succeed.
 */
export async function decideByStaff(db: Db, id: string, decision: StaffDecision, { staffId, now, publicUrl }: { staffId: string; now: Date; publicUrl: string }): Promise<AppointmentRow> {
  try {
    return await decideInTransaction(db, id, decision, { staffId, now, publicUrl })
  } catch (err) {
    // The visit's time was given to another visit once it no longer held it (after a no-show).
    if ((err as { code?: string }).code === '23P01') throw httpError(409, "This visit's outcome cannot be undone: its time has been given to another visit meanwhile.")
    throw err
  }
}

function decideInTransaction(db: Db, id: string, decision: StaffDecision, { staffId, now, publicUrl }: { staffId: string; now: Date; publicUrl: string }): Promise<AppointmentRow> {
  return db.transaction().execute(async (trx) => {
    const row = await changeAppointment(trx, { id }, staffChange(decision, staffId, now))
    if (!row) {
      const current = await findOrThrow(trx, id)
      throw decision === 'undo-outcome' ? undoRefusal(current) : notApplicable(current, DECIDED[decision], now)
    }
    if (decision === 'confirm') {
      await queueSync(trx, row)
      await sendConfirmation(trx, row, publicUrl)
    } else if (decision === 'decline') {
      await queuePatientEmail(trx, row.id, 'appointment-declined', declinedEmail(row))
    } else if (decision === 'cancel') {
      const clinicClosed = await isClosedDay(trx, row.location_uid, DateTime.fromJSDate(row.starts_at, { zone: CLINIC_TIME_ZONE }).toISODate()!)
      await queuePatientEmail(trx, row.id, 'appointment-cancelled', cancelledEmail(row, 'staff', await nextCalendarSequence(trx, row.id, { onlyAfterFirst: true }), { clinicClosed }))
    }
    return row
  })
}

// ---------------------------------------------------------------------------------------------
// Patients: their own appointments, cancelling one (signed in, or by the e-mailed link)
// ---------------------------------------------------------------------------------------------

export async function patientAppointments(db: Db, userId: string, now: Date) {
  const rows = await appointmentsOfUser(db, userId, 200)
  const views = rows.map((r) => appointmentView(r, now))
  const isUpcoming = (r: AppointmentRow) => r.starts_at > now && LIVE_STATUSES.includes(r.status)
  return {
    upcoming: views.filter((_, i) => isUpcoming(rows[i]!)).reverse(),
    past: views.filter((_, i) => !isUpcoming(rows[i]!)),
  }
}

/** The appointment a cancel link is for, while it can still be used (until the appointment starts). */
export async function appointmentOfCancelLink(db: Db, token: string, now: Date): Promise<AppointmentRow | undefined> {
  const row = await findAppointmentByRef(db, { cancelTokenHash: hashToken(token) })
  return row && row.starts_at > now ? row : undefined
}

/**
 * The patient cancels (signed in: `by.userId` must own it; by link: `by.token`). The clinic is told
 * through its inbox and the patient gets a confirmation, in the same transaction.
 */
export async function cancelByPatient(db: Db, by: { userId: string } | { token: string }, id: string | null, now: Date): Promise<AppointmentRow> {
  const ref: AppointmentRef = 'userId' in by ? { id: id!, userId: by.userId } : { cancelTokenHash: hashToken(by.token) }
  return db.transaction().execute(async (trx) => {
    const row = await changeAppointment(trx, ref, { set: { status: 'cancelled', cancelled_at: now, cancelled_by: 'patient' }, from: LIVE_STATUSES, startsAfter: now })
    if (!row) {
      const existing = await findAppointmentByRef(trx, ref)
      if ('token' in by && (!existing || existing.starts_at <= now)) throw httpError(404, CANCEL_LINK_INVALID)
      if (!existing) throw httpError(404, 'No such appointment.')
      throw notApplicable(existing, 'cancelled', now)
    }
    await addToOutbox(trx, {
      topic: 'message',
      key: `appointment:${row.id}:cancelled-by-patient`,
      payload: {
        kind: 'booking',
        location_uid: row.location_uid,
        first_name: row.first_name,
        last_name: row.last_name,
        phone: row.phone || 'not given',
        email: row.email,
        text: [
          'An appointment was cancelled by the patient on the website.',
          `Name: ${row.first_name} ${row.last_name}`,
          `Phone: ${row.phone || 'not given'}`,
          `Email: ${row.email}`,
          `Location: ${locationNameOf(row.location_uid) ?? row.location_uid}`,
          `Date/time: ${describeStart(row.starts_at)}`,
          `Type: ${row.appointment_type}`,
        ].join('\n'),
        appointment_id: row.id,
      },
    })
    await queuePatientEmail(trx, row.id, 'appointment-cancelled', cancelledEmail(row, 'patient', await nextCalendarSequence(trx, row.id, { onlyAfterFirst: true })))
    return row
  })
}
