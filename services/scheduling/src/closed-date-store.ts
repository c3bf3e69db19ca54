import { CLINIC_TIME_ZONE } from '@hearing/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { LIVE_STATUSES } from './appointment-store.js'
import type { Database } from './database.js'

// The clinics' closed days' SQL (a holiday, a sick day): which change is allowed is closed-dates.ts'
// and holidays.ts'.

type Db = Kysely<Database>

export interface ClosedDate {
  location_uid: string
  /** YYYY-MM-DD, the clinic's day. */
  date: string
  reason: string | null
}

/** Closed days from `day` (YYYY-MM-DD) on, by date, then clinic. */
export function closedDatesFrom(db: Db, day: string): Promise<ClosedDate[]> {
  return db
    .selectFrom('closed_dates')
    .select(['location_uid', sql<string>`date::text`.as('date'), 'reason'])
    .where('date', '>=', day)
    .orderBy('date')
    .orderBy('location_uid')
    .execute()
}

/** True for an appointment (the table named `alias`) on a day its clinic is closed. */
export function onClosedDay(alias: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from closed_dates c where c.location_uid = ${sql.ref(`${alias}.location_uid`)} and c.date = (${sql.ref(`${alias}.starts_at`)} at time zone ${CLINIC_TIME_ZONE})::date)`
}

/** How many visits still to come hold their time on each closed day, by "location date". */
export async function visitsBookedOnClosedDays(db: Db, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('appointments as a')
    .select(['a.location_uid', sql<string>`((a.starts_at at time zone ${CLINIC_TIME_ZONE})::date)::text`.as('date'), sql<number>`count(*)::int`.as('n')])
    .where('a.status', 'in', LIVE_STATUSES)
    .where('a.starts_at', '>', now)
    .where(onClosedDay('a'))
    .groupBy(['a.location_uid', 'date'])
    .execute()
  return new Map(rows.map((r) => [`${r.location_uid} ${r.date}`, r.n]))
}

/** Whether the clinic is closed on that day (YYYY-MM-DD). */
export async function isClosedDay(db: Db, locationUid: string, date: string): Promise<boolean> {
  const row = await db.selectFrom('closed_dates').select('date').where('location_uid', '=', locationUid).where('date', '=', date).executeTakeFirst()
  return row !== undefined
}

/** The location's closed days from `from` on ("YYYY-MM-DD"), through `to` when given. */
export async function closedDates(db: Db, locationUid: string, from: string, to?: string): Promise<Set<string>> {
  let query = db.selectFrom('closed_dates').select(sql<string>`date::text`.as('date')).where('location_uid', '=', locationUid).where('date', '>=', from)
  if (to) query = query.where('date', '<=', to)
  const rows = await query.orderBy('date').execute()
  return new Set(rows.map((r) => r.date))
}

/** Closes the day, or gives an already closed day its new reason. */
export async function saveClosedDate(db: Db, closed: ClosedDate): Promise<void> {
  await db
    .insertInto('closed_dates')
    .values(closed)
    .onConflict((oc) => oc.columns(['location_uid', 'date']).doUpdateSet({ reason: closed.reason }))
    .execute()
}

/** Opens the day again; false when it was not closed. */
export async function deleteClosedDate(db: Db, locationUid: string, date: string): Promise<boolean> {
  const result = await db.deleteFrom('closed_dates').where('location_uid', '=', locationUid).where('date', '=', date).executeTakeFirst()
  return result.numDeletedRows > 0n
}

/**
 * Closes the clinics on holidays, each (clinic, date) once ever: one that was added before, and
 * that staff may have reopened since, is left as it is. One transaction.
 */
export async function addHolidayClosures(db: Db, closures: readonly ClosedDate[]): Promise<void> {
  if (closures.length === 0) return
  await db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('holidays_added')
      .values(closures.map(({ location_uid, date }) => ({ location_uid, date })))
      .onConflict((oc) => oc.doNothing())
      .returning(['location_uid', sql<string>`date::text`.as('date')])
      .execute()
    const fresh = new Set(added.map((r) => `${r.location_uid} ${r.date}`))
    const toClose = closures.filter((r) => fresh.has(`${r.location_uid} ${r.date}`))
    if (toClose.length > 0) await trx.insertInto('closed_dates').values(toClose).onConflict((oc) => oc.doNothing()).execute()
  })
}
