import { httpError } from '@hearing/service-kit'
import { CLINIC_TIME_ZONE, clinicByUid, clinicToday, locationNameOf } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import { DateTime } from 'luxon'
import { countLiveAppointments } from './appointment-store.js'
import { closedDatesFrom, deleteClosedDate, saveClosedDate } from './closed-date-store.js'
import type { Database } from './database.js'

type Db = Kysely<Database>

/** Days a clinic is closed from today on (a holiday, a sick day): no times are offered on them. */
export async function upcomingClosedDates(db: Db, now: Date) {
  const rows = await closedDatesFrom(db, clinicToday(now))
  return rows.map((r) => ({ ...r, location_name: locationNameOf(r.location_uid) ?? null }))
}

/**
 * Closes a clinic for a day (again: the reason is updated). Appointments already made that day stay:
 * the answer says how many, so staff can call those patients.
 */
export async function closeDate(db: Db, input: { location_uid: string; date: string; reason?: string | undefined }, now: Date) {
  if (!clinicByUid(input.location_uid)) throw httpError(400, 'location_uid: is not one of our clinics')
  const day = DateTime.fromISO(input.date, { zone: CLINIC_TIME_ZONE })
  if (!day.isValid || day.toISODate() !== input.date) throw httpError(400, 'date: must be a date (YYYY-MM-DD)')
  if (input.date < clinicToday(now)) throw httpError(400, 'date: may not be in the past')
  const reason = input.reason?.trim() || null
  await saveClosedDate(db, { location_uid: input.location_uid, date: input.date, reason })
  const n = await countLiveAppointments(db, input.location_uid, day.startOf('day').toJSDate(), day.plus({ days: 1 }).startOf('day').toJSDate())
  return { location_uid: input.location_uid, location_name: locationNameOf(input.location_uid)!, date: input.date, reason, appointments_that_day: n }
}

/** Opens the day again; false when it was not closed. */
export function reopenDate(db: Db, locationUid: string, date: string): Promise<boolean> {
  return deleteClosedDate(db, locationUid, date)
}
