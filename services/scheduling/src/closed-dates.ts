import { httpError } from '@hearing/service-kit'
import { CLINIC_TIME_ZONE, clinicByUid, clinicToday, locationNameOf } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import { DateTime } from 'luxon'
import { appointmentsStartingBetween, LIVE_STATUSES } from './appointment-store.js'
import { appointmentView, decideByStaff } from './appointments.js'
import { closedDatesFrom, deleteClosedDate, isClosedDay, saveClosedDate, visitsBookedOnClosedDays } from './closed-date-store.js'
import type { Database } from './database.js'

type Db = Kysely<Database>

/** Days a clinic is closed from today on (a holiday, a sick day), each with the visits still booked on it. */
export async function upcomingClosedDates(db: Db, now: Date) {
  const [rows, booked] = await Promise.all([closedDatesFrom(db, clinicToday(now)), visitsBookedOnClosedDays(db, now)])
  return rows.map((r) => ({ ...r, location_name: locationNameOf(r.location_uid) ?? null, visits_booked: booked.get(`${r.location_uid} ${r.date}`) ?? 0 }))
}

function clinicDay(date: string): DateTime {
  const day = DateTime.fromISO(date, { zone: CLINIC_TIME_ZONE })
  if (!day.isValid || day.toISODate() !== date) throw httpError(400, 'date: must be a date (YYYY-MM-DD)')
  return day
}

/** The visits still to come that hold their time at the clinic that day. */
async function visitsStillBooked(db: Db, locationUid: string, date: string, now: Date) {
  const day = clinicDay(date)
  const rows = await appointmentsStartingBetween(db, { from: day.startOf('day').toJSDate(), to: day.plus({ days: 1 }).startOf('day').toJSDate(), locationUid })
  return rows.filter((r) => LIVE_STATUSES.includes(r.status) && r.starts_at > now)
}

/**
 * Closes a clinic for a day (again: the reason is updated). The visits already booked that day stay
 * until staff move or cancel them (the answer lists them); they get no reminders meanwhile.
 */
export async function closeDate(db: Db, input: { location_uid: string; date: string; reason?: string | undefined }, now: Date) {
  if (!clinicByUid(input.location_uid)) throw httpError(400, 'location_uid: is not one of our clinics')
  clinicDay(input.date)
  if (input.date < clinicToday(now)) throw httpError(400, 'date: may not be in the past')
  const reason = input.reason?.trim() || null
  await saveClosedDate(db, { location_uid: input.location_uid, date: input.date, reason })
  const visits = await visitsStillBooked(db, input.location_uid, input.date, now)
  return {
    location_uid: input.location_uid,
    location_name: locationNameOf(input.location_uid)!,
    date: input.date,
    reason,
    visits_booked: visits.length,
    visits: visits.map((r) => appointmentView(r, now)),
  }
}

/** Opens the day again; false when it was not closed. */
export function reopenDate(db: Db, locationUid: string, date: string): Promise<boolean> {
  return deleteClosedDate(db, locationUid, date)
}

/**
 * Cancels every visit still booked on a closed day, each patient told by e-mail (as when staff
 * cancel one). Each visit is its own change: one that was cancelled or moved meanwhile is skipped.
 */
export async function cancelVisitsOfClosedDay(db: Db, locationUid: string, date: string, by: { staffId: string; now: Date; publicUrl: string }) {
  if (!(await isClosedDay(db, locationUid, clinicDay(date).toISODate()!))) throw httpError(404, 'That day is not closed.')
  const cancelled = []
  for (const visit of await visitsStillBooked(db, locationUid, date, by.now)) {
    try {
      cancelled.push(await decideByStaff(db, visit.id, 'cancel', by))
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 409) throw err
    }
  }
  return cancelled
}
