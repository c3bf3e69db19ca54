import { createHash, randomBytes } from 'node:crypto'
import { addToOutbox, httpError, type DeliveryState, type OutboxRelay } from '@hearing/service-kit'
import { clinicByUid } from '@hearing/service-kit/clinics'
import type { Kysely, Selectable } from 'kysely'
import { DateTime } from 'luxon'
import { CLINIC_TIME_ZONE, describeStart } from './availability.js'
import { SLOT_TAKEN_MESSAGE } from './bookings.js'
import type { AppointmentStatus, AppointmentsTable, Database } from './database.js'
import { cancelledEmail, confirmedEmail, declinedEmail, queuePatientEmail } from './patient-emails.js'

type Db = Kysely<Database>
export type AppointmentRow = Selectable<AppointmentsTable>

/** Appointments that hold their time: requests staff have not decided on, and confirmed ones. */
export const LIVE_STATUSES: readonly AppointmentStatus[] = ['pending', 'confirmed']

// ---------------------------------------------------------------------------------------------
// How an appointment is shown
// ---------------------------------------------------------------------------------------------

export function appointmentView(row: AppointmentRow, now: Date) {
  const start = DateTime.fromJSDate(row.starts_at, { zone: CLINIC_TIME_ZONE })
  return {
    id: row.id,
    location_uid: row.location_uid,
    location_name: clinicByUid(row.location_uid)?.name ?? null,
    appointment_type: row.appointment_type,
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
  }
}
export type AppointmentView = ReturnType<typeof appointmentView>

// ---------------------------------------------------------------------------------------------
// Sync with the messaging provider (create_appointment), as messaging-sync reports it
// ---------------------------------------------------------------------------------------------

/** The outbox key of an appointment's create_appointment call; messaging-sync reports its status by it. */
export const syncKey = (appointmentId: string) => `appointment:${appointmentId}:sync`

export type SyncState = 'synced' | 'failed' | 'local' | 'unknown'

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
async function queueSync(trx: Db, row: AppointmentRow): Promise<void> {
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

/**
 * The result of the provider's first attempt, for staff's toast: waits up to `timeoutMs` for
 * messaging-sync to try once. Later retries only show in the list's badge.
 */
export async function firstSyncAttempt(relay: OutboxRelay | null, appointmentId: string, { timeoutMs = 4_000, pollMs = 150 } = {}) {
  if (!relay) return syncState(undefined, false)
  // Hand it over now rather than at the relay's next tick.
  void relay.runOnce()
  const deadline = Date.now() + timeoutMs
  do {
    const states = await relay.statuses([syncKey(appointmentId)])
    // messaging-sync cannot be asked: the appointment is kept and handed over when it can be.
    if (states === null) return syncState(undefined, false)
    const state = states.get(syncKey(appointmentId))
    if (state && (state.attempts > 0 || SETTLED.has(state.status))) return syncState(state, true)
    await new Promise((r) => setTimeout(r, pollMs))
  } while (Date.now() < deadline)
  // Not tried in time (the provider is slow or its queue is long): it stays queued and is retried.
  return { sync_state: 'failed' as const, podium_synced: false, podium_sync_error: 'Not synced yet: it will be retried.' }
}

// ---------------------------------------------------------------------------------------------
// Cancel links: a random token per appointment, only its hash stored; it cancels that appointment
// and nothing else, and stops working when the appointment starts.
// ---------------------------------------------------------------------------------------------

export const CANCEL_LINK_INVALID = 'This cancel link is invalid or has expired. Please call the clinic to change your appointment.'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export function cancelLink(publicUrl: string, token: string): string {
  return `${publicUrl}/cancel-appointment?token=${encodeURIComponent(token)}`
}

/** Confirms the appointment to the patient: e-mail with the calendar file and a fresh cancel link. */
async function sendConfirmation(trx: Db, row: AppointmentRow, publicUrl: string): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  await trx.updateTable('appointments').set({ cancel_token_hash: hashToken(token) }).where('id', '=', row.id).execute()
  await queuePatientEmail(trx, row.id, 'appointment-confirmed', confirmedEmail(row, cancelLink(publicUrl, token)))
}

// ---------------------------------------------------------------------------------------------
// Staff: schedule, confirm, decline, cancel
// ---------------------------------------------------------------------------------------------

/** SPEC §9: staff may schedule every 30 minutes from 09:00 to 17:00. */
export const STAFF_TIMES: readonly string[] = Array.from({ length: 17 }, (_, i) => {
  const minutes = 9 * 60 + i * 30
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
})

export interface StaffScheduleInput {
  user_id: string
  patient: { first_name: string; last_name: string; email: string; phone?: string | undefined }
  location: string
  appointment_type_id: string
  date: string
  time: string
  notes?: string | undefined
}

/**
 * An appointment staff make for a patient (confirmed at once): stored, handed to the messaging
 * provider and confirmed to the patient by e-mail, all in one transaction. 409 when it overlaps
 * another appointment of the clinic.
 */
export async function scheduleByStaff(db: Db, input: StaffScheduleInput, { staffId, now, publicUrl }: { staffId: string; now: Date; publicUrl: string }): Promise<AppointmentRow> {
  if (!clinicByUid(input.location)) throw httpError(400, 'location: is not one of our clinics')
  const type = await db
    .selectFrom('appointment_types')
    .select(['id', 'name', 'duration_minutes'])
    .where('id', '=', input.appointment_type_id)
    .where('location_uid', '=', input.location)
    .where('active', '=', true)
    .executeTakeFirst()
  if (!type) throw httpError(400, 'appointment_type_id: is not an appointment type of this location')
  if (!STAFF_TIMES.includes(input.time)) throw httpError(400, 'time: must be on the hour or half hour from 09:00 to 17:00')
  const start = DateTime.fromISO(`${input.date}T${input.time}`, { zone: CLINIC_TIME_ZONE })
  if (!start.isValid || start.toISODate() !== input.date) throw httpError(400, 'date: must be a date (YYYY-MM-DD)')
  const today = DateTime.fromJSDate(now, { zone: CLINIC_TIME_ZONE }).toISODate()!
  if (input.date < today) throw httpError(400, 'date: may not be in the past')
  if (start.toJSDate() <= now) throw httpError(400, 'time: has already passed today')

  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('appointments')
        .values({
          location_uid: input.location,
          appointment_type_id: type.id,
          appointment_type: type.name,
          starts_at: start.toJSDate(),
          ends_at: start.plus({ minutes: type.duration_minutes }).toJSDate(),
          status: 'confirmed',
          source: 'staff',
          user_id: input.user_id,
          first_name: input.patient.first_name,
          last_name: input.patient.last_name,
          email: input.patient.email,
          phone: input.patient.phone ?? '',
          notes: input.notes?.trim() || null,
          created_by: staffId,
          decided_at: now,
          decided_by: staffId,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await queueSync(trx, row)
      await sendConfirmation(trx, row, publicUrl)
      return row
    })
  } catch (err) {
    if ((err as { code?: string }).code === '23P01') throw httpError(409, SLOT_TAKEN_MESSAGE)
    throw err
  }
}

async function findOrThrow(db: Db, id: string): Promise<AppointmentRow> {
  const row = await db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw httpError(404, 'No such appointment.')
  return row
}

/** The request is no longer in a state this change applies to (another staff member was quicker). */
function notApplicable(row: AppointmentRow, action: string, now: Date): Error {
  return httpError(409, `This appointment cannot be ${action}: it is ${row.status}${row.starts_at <= now && LIVE_STATUSES.includes(row.status) ? ' and has already started' : ''}.`)
}

export type StaffDecision = 'confirm' | 'decline' | 'cancel'

/**
 * Staff decide on a pending request (confirm, decline) or cancel a live upcoming appointment; the
 * patient is told by e-mail in the same transaction. The status changes only from the state the
 * action expects, so two staff members acting at once cannot both succeed.
 */
export async function decideByStaff(db: Db, id: string, decision: StaffDecision, { staffId, now, publicUrl }: { staffId: string; now: Date; publicUrl: string }): Promise<AppointmentRow> {
  return db.transaction().execute(async (trx) => {
    let query = trx.updateTable('appointments').where('id', '=', id)
    if (decision === 'cancel') {
      query = query
        .set({ status: 'cancelled', cancelled_at: now, cancelled_by: 'staff' })
        .where('status', 'in', LIVE_STATUSES)
        .where('starts_at', '>', now)
    } else {
      query = query.set({ status: decision === 'confirm' ? 'confirmed' : 'declined', decided_at: now, decided_by: staffId }).where('status', '=', 'pending')
    }
    const row = await query.returningAll().executeTakeFirst()
    if (!row) throw notApplicable(await findOrThrow(trx, id), { confirm: 'confirmed', decline: 'declined', cancel: 'cancelled' }[decision], now)
    if (decision === 'confirm') {
      await queueSync(trx, row)
      await sendConfirmation(trx, row, publicUrl)
    } else if (decision === 'decline') {
      await queuePatientEmail(trx, row.id, 'appointment-declined', declinedEmail(row))
    } else {
      await queuePatientEmail(trx, row.id, 'appointment-cancelled', cancelledEmail(row, 'staff'))
    }
    return row
  })
}

/** The newest appointments first (requests and scheduled ones), for the dashboard. */
export function recentAppointments(db: Db, limit: number): Promise<AppointmentRow[]> {
  return db.selectFrom('appointments').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()
}

// ---------------------------------------------------------------------------------------------
// Patients: their own appointments, cancelling one (signed in, or by the e-mailed link)
// ---------------------------------------------------------------------------------------------

export async function patientAppointments(db: Db, userId: string, now: Date) {
  const rows = await db.selectFrom('appointments').selectAll().where('user_id', '=', userId).orderBy('starts_at', 'desc').limit(200).execute()
  const views = rows.map((r) => appointmentView(r, now))
  const isUpcoming = (r: AppointmentRow) => r.starts_at > now && LIVE_STATUSES.includes(r.status)
  return {
    upcoming: views.filter((_, i) => isUpcoming(rows[i]!)).reverse(),
    past: views.filter((_, i) => !isUpcoming(rows[i]!)),
  }
}

/** The appointment a cancel link is for, while it can still be used (until the appointment starts). */
export async function appointmentOfCancelLink(db: Db, token: string, now: Date): Promise<AppointmentRow | undefined> {
  return db.selectFrom('appointments').selectAll().where('cancel_token_hash', '=', hashToken(token)).where('starts_at', '>', now).executeTakeFirst()
}

/**
 * The patient cancels (signed in: `by.userId` must own it; by link: `by.token`). The clinic is told
 * through its inbox and the patient gets a confirmation, in the same transaction.
 */
export async function cancelByPatient(db: Db, by: { userId: string } | { token: string }, id: string | null, now: Date): Promise<AppointmentRow> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('appointments')
      .set({ status: 'cancelled', cancelled_at: now, cancelled_by: 'patient' })
      .where('status', 'in', LIVE_STATUSES)
      .where('starts_at', '>', now)
    query = 'userId' in by ? query.where('id', '=', id!).where('user_id', '=', by.userId) : query.where('cancel_token_hash', '=', hashToken(by.token))
    const row = await query.returningAll().executeTakeFirst()
    if (!row) {
      const existing = 'userId' in by
        ? await trx.selectFrom('appointments').selectAll().where('id', '=', id!).where('user_id', '=', by.userId).executeTakeFirst()
        : await trx.selectFrom('appointments').selectAll().where('cancel_token_hash', '=', hashToken(by.token)).executeTakeFirst()
      if ('token' in by && (!existing || existing.starts_at <= now)) throw httpError(404, CANCEL_LINK_INVALID)
      if (!existing) throw httpError(404, 'No such appointment.')
      throw notApplicable(existing, 'cancelled', now)
    }
    const clinic = clinicByUid(row.location_uid)
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
          `Location: ${clinic?.name ?? row.location_uid}`,
          `Date/time: ${describeStart(row.starts_at)}`,
          `Type: ${row.appointment_type}`,
        ].join('\n'),
      },
    })
    await queuePatientEmail(trx, row.id, 'appointment-cancelled', cancelledEmail(row, 'patient'))
    return row
  })
}
