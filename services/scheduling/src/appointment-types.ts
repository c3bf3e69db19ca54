import type { Kysely } from 'kysely'
import type { Database } from './database.js'

/** Bookable types, of one location or of all (by location, then the clinic's order). */
export function listActiveAppointmentTypes(db: Kysely<Database>, locationUid?: string) {
  let query = db
    .selectFrom('appointment_types')
    .select(['id', 'name', 'description', 'duration_minutes', 'location_uid', 'active', 'sort_order'])
    .where('active', '=', true)
  if (locationUid !== undefined) query = query.where('location_uid', '=', locationUid)
  return query.orderBy('location_uid').orderBy('sort_order').orderBy('name').execute()
}
