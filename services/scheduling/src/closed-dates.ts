import { httpError } from '@hearing/service-kit'
import { CLINIC_TIME_ZONE, clinicByUid, clinicToday, locationNameOf } from '@hearing/contracts'
import { sql, type Kysely } from 'kysely'
import { DateTime } from 'luxon'
import { LIVE_STATUSES } from './appointment-store.js'
import type { Database } from './database.js'

type Db = Kysely<Database>

/** Days a clinic is closed from today on (a holiday, a sick day): no times are offered on them. */
export async function upcomingClosedDates(db: Db, now: Date) {
  const rows = await db
    .selectFrom('closed_dates')
    .select(['location_uid', sql<string>`date::text`.as('date'), 'reason'])
    .where('date', '>=', clinicToday(now))
    .orderBy('date')
    .orderBy('location_uid')
    .execute()
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
  await db
    .insertInto('closed_dates')
    .values({ location_uid: input.location_uid, date: input.date, reason: input.reason?.trim() || null })
    .onConflict((oc) => oc.columns(['location_uid', 'date']).doUpdateSet({ reason: input.reason?.trim() || null }))
    .execute()
  const { n } = await db
    .selectFrom('appointments')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('location_uid', '=', input.location_uid)
    .where('status', 'in', LIVE_STATUSES)
    .where('starts_at', '>=', day.startOf('day').toJSDate())
    .where('starts_at', '<', day.plus({ days: 1 }).startOf('day').toJSDate())
    .executeTakeFirstOrThrow()
  return { location_uid: input.location_uid, location_name: locationNameOf(input.location_uid)!, date: input.date, reason: input.reason?.trim() || null, appointments_that_day: n }
}

/** Opens the day again; false when it was not closed. */
export async function reopenDate(db: Db, locationUid: string, date: string): Promise<boolean> {
  const result = await db.deleteFrom('closed_dates').where('location_uid', '=', locationUid).where('date', '=', date).executeTakeFirst()
  return result.numDeletedRows > 0n
}
