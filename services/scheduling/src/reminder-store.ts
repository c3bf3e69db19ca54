import { sql, type Kysely } from 'kysely'
import type { AppointmentRow } from './appointment-store.js'
import { onClosedDay } from './closed-date-store.js'
import type { Database } from './database.js'

// The reminders' SQL: which visits are due a reminder, and the claim that lets one replica alone
// send it. When a reminder falls due and what it says is reminders.ts'.

type Db = Kysely<Database>

/**
 * Up to `limit` confirmed visits starting within `offsetMinutes` from `now` that were confirmed (or
 * moved there) before the reminder fell due, and have not been reminded of at that offset for that
 * start. None on a day its clinic is closed: staff move or cancel those visits.
 */
export function dueForReminder(db: Db, now: Date, offsetMinutes: number, limit: number): Promise<Array<{ id: string }>> {
  return db
    .selectFrom('appointments as a')
    .select(['a.id'])
    .where('a.status', '=', 'confirmed')
    .where('a.starts_at', '>', now)
    .where('a.starts_at', '<=', new Date(now.getTime() + offsetMinutes * 60_000))
    .where(({ not }) => not(onClosedDay('a')))
    // Booked or moved after the reminder fell due: the confirmation just said it all.
    .where(sql<boolean>`greatest(a.created_at, a.decided_at, a.rescheduled_at) <= a.starts_at - make_interval(mins => ${offsetMinutes})`)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('appointment_reminders as r').select('r.appointment_id').whereRef('r.appointment_id', '=', 'a.id').whereRef('r.starts_at', '=', 'a.starts_at').where('r.offset_minutes', '=', offsetMinutes))),
    )
    .limit(limit)
    .execute()
}

/** The visit, locked for the transaction, when it is still confirmed, still to come and its clinic open that day. */
export function lockUpcomingConfirmed(trx: Db, id: string, now: Date): Promise<AppointmentRow | undefined> {
  return trx
    .selectFrom('appointments')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'confirmed')
    .where('starts_at', '>', now)
    .where(({ not }) => not(onClosedDay('appointments')))
    .forUpdate()
    .executeTakeFirst()
}

/** Claims the reminder of the visit at that offset for that start; false when it was claimed already. */
export async function claimReminder(trx: Db, reminder: { appointmentId: string; offsetMinutes: number; startsAt: Date }): Promise<boolean> {
  const claimed = await trx
    .insertInto('appointment_reminders')
    .values({ appointment_id: reminder.appointmentId, offset_minutes: reminder.offsetMinutes, starts_at: reminder.startsAt })
    .onConflict((oc) => oc.doNothing())
    .returning('appointment_id')
    .executeTakeFirst()
  return claimed !== undefined
}
