import type { AppointmentStatus } from '@hearing/contracts'
import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely'
import type { AppointmentsTable, Database } from './database.js'

// The appointments' SQL (appointments, their cancel tokens, the half-hour locks; the clinics'
// closed days are closed-date-store.ts'). Plain reads and writes: which change is allowed when,
// and what the patient and the clinic are told, is the booking and appointment logic's
// (appointments.ts, bookings.ts, staff-scheduling.ts).

type Db = Kysely<Database>
export type AppointmentRow = Selectable<AppointmentsTable>

/** Appointments that hold their time: requests staff have not decided on, and confirmed ones. */
export const LIVE_STATUSES: readonly AppointmentStatus[] = ['pending', 'confirmed']

export function findAppointment(db: Db, id: string): Promise<AppointmentRow | undefined> {
  return db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The newest appointments first (requests and scheduled ones). */
export function recentAppointments(db: Db, limit: number): Promise<AppointmentRow[]> {
  return db.selectFrom('appointments').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()
}

/** One page of the requests waiting for a decision, the longest waiting first, and how many there are in all. */
export async function pendingRequests(db: Db, { offset, limit }: { offset: number; limit: number }): Promise<{ total: number; rows: AppointmentRow[] }> {
  const [{ total }, rows] = await Promise.all([
    db.selectFrom('appointments').select(sql<number>`count(*)::int`.as('total')).where('status', '=', 'pending').executeTakeFirstOrThrow(),
    db.selectFrom('appointments').selectAll().where('status', '=', 'pending').orderBy('created_at').orderBy('id').offset(offset).limit(limit).execute(),
  ])
  return { total, rows }
}

export function appointmentsByIds(db: Db, ids: readonly string[]): Promise<AppointmentRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db.selectFrom('appointments').selectAll().where('id', 'in', ids).orderBy('starts_at').execute()
}

/** An account's appointments, latest start first. */
export function appointmentsOfUser(db: Db, userId: string, limit: number): Promise<AppointmentRow[]> {
  return db.selectFrom('appointments').selectAll().where('user_id', '=', userId).orderBy('starts_at', 'desc').limit(limit).execute()
}

/** A patient's appointments, latest start first: booked signed in (their id) or, when given, with their address. */
export function appointmentsOfPatient(db: Db, userId: string, address: string | undefined, limit: number): Promise<AppointmentRow[]> {
  return db
    .selectFrom('appointments')
    .selectAll()
    .where((eb) => {
      const byId = eb('user_id', '=', userId)
      return address ? eb.or([byId, eb(eb.fn('lower', ['email']), '=', address.toLowerCase())]) : byId
    })
    .orderBy('starts_at', 'desc')
    .limit(limit)
    .execute()
}

/** Appointments starting in [from, to), by start then clinic; of one clinic or status when given. */
export function appointmentsStartingBetween(
  db: Db,
  { from, to, locationUid, status }: { from: Date; to: Date; locationUid?: string | undefined; status?: AppointmentStatus | undefined },
): Promise<AppointmentRow[]> {
  let query = db.selectFrom('appointments').selectAll().where('starts_at', '>=', from).where('starts_at', '<', to)
  if (locationUid) query = query.where('location_uid', '=', locationUid)
  if (status) query = query.where('status', '=', status)
  return query.orderBy('starts_at').orderBy('location_uid').limit(1000).execute()
}

/** A clinic's live appointments overlapping [from, to). */
export function liveAppointmentsBetween(db: Db, locationUid: string, from: Date, to: Date) {
  return db
    .selectFrom('appointments')
    .select(['starts_at', 'ends_at', 'status', 'created_at'])
    .where('location_uid', '=', locationUid)
    .where('status', 'in', LIVE_STATUSES)
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .execute()
}

/** `created_at` comes from the app's clock, not the database's, so a test's fixed clock holds for the reminders' SQL too. */
export function insertAppointment(trx: Db, values: Insertable<AppointmentsTable> & { created_at: Date }): Promise<AppointmentRow> {
  return trx.insertInto('appointments').values(values).returningAll().executeTakeFirstOrThrow()
}

/** Which appointment a change is for: by id (of this account, when given), or the one a cancel token is for. */
export type AppointmentRef = { id: string; userId?: string } | { cancelTokenHash: string }

/** A change of an appointment allowed only from these statuses, and only before or once it starts. */
export interface StatusChange {
  set: Updateable<AppointmentsTable>
  from: readonly AppointmentStatus[]
  startsAfter?: Date
  startedBy?: Date
}

/** Applies the change when the appointment is still as `change` expects; undefined otherwise (or when there is no such appointment). */
export function changeAppointment(trx: Db, ref: AppointmentRef, change: StatusChange): Promise<AppointmentRow | undefined> {
  let query = trx.updateTable('appointments').set(change.set).where('status', 'in', change.from).where(matching(trx, ref))
  if (change.startsAfter) query = query.where('starts_at', '>', change.startsAfter)
  if (change.startedBy) query = query.where('starts_at', '<=', change.startedBy)
  return query.returningAll().executeTakeFirst()
}

/** The appointment a reference names, whatever its state. */
export function findAppointmentByRef(db: Db, ref: AppointmentRef): Promise<AppointmentRow | undefined> {
  return db.selectFrom('appointments').selectAll().where(matching(db, ref)).executeTakeFirst()
}

/** The filter a reference stands for. */
function matching(db: Db, ref: AppointmentRef) {
  return (eb: ExpressionBuilder<Database, 'appointments'>) => {
    if ('cancelTokenHash' in ref) return eb('id', '=', db.selectFrom('appointment_cancel_tokens').select('appointment_id').where('token_hash', '=', ref.cancelTokenHash))
    return ref.userId ? eb.and([eb('id', '=', ref.id), eb('user_id', '=', ref.userId)]) : eb('id', '=', ref.id)
  }
}

/** Moves a confirmed appointment still starting at `from` to a new time; undefined when someone changed it meanwhile. */
export function moveAppointment(trx: Db, id: string, from: Date, to: { starts_at: Date; ends_at: Date }, now: Date): Promise<AppointmentRow | undefined> {
  return trx
    .updateTable('appointments')
    .set({ starts_at: to.starts_at, ends_at: to.ends_at, rescheduled_at: now })
    .where('id', '=', id)
    .where('status', '=', 'confirmed')
    .where('starts_at', '=', from)
    .returningAll()
    .executeTakeFirst()
}

/**
 * The revision of the next calendar file about the appointment (0 for the first), recorded as sent.
 * `onlyAfterFirst`: undefined when the patient was never sent one (a request cancelled before it was
 * confirmed has no entry in their calendar to remove).
 */
export async function nextCalendarSequence(trx: Db, id: string, { onlyAfterFirst = false } = {}): Promise<number | undefined> {
  let query = trx.updateTable('appointments').set({ calendar_sequence: sql<number>`coalesce(calendar_sequence, -1) + 1` }).where('id', '=', id)
  if (onlyAfterFirst) query = query.where('calendar_sequence', 'is not', null)
  const row = await query.returning('calendar_sequence').executeTakeFirst()
  return row?.calendar_sequence ?? undefined
}

export async function insertCancelToken(trx: Db, tokenHash: string, appointmentId: string): Promise<void> {
  await trx.insertInto('appointment_cancel_tokens').values({ token_hash: tokenHash, appointment_id: appointmentId }).execute()
}

/** Takes a transaction-scoped advisory lock on `key` without waiting; false when another transaction holds it. */
export async function tryTransactionLock(trx: Db, key: string): Promise<boolean> {
  const { rows } = await sql<{ claimed: boolean }>`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as claimed`.execute(trx)
  return rows[0]?.claimed === true
}

/** These outbox rows' relay and delivery state, by key (the relay brings messaging-sync's status back into them). */
export function outboxStates(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([])
  return db
    .selectFrom('outbox')
    .select(['key', 'handed_over_at', 'attempts', 'last_error', 'delivery_status', 'delivery_attempts', 'delivery_error'])
    .where('key', 'in', keys)
    .execute()
}
