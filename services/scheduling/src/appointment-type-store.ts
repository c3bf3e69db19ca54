import type { Insertable, Kysely } from 'kysely'
import type { AppointmentTypesTable, Database } from './database.js'

// The appointment types' SQL: what each clinic offers, and for how long.

/** Bookable types, of one location or of all (by location, then the clinic's order). */
export function listActiveAppointmentTypes(db: Kysely<Database>, locationUid?: string) {
  let query = db
    .selectFrom('appointment_types')
    .select(['id', 'name', 'description', 'duration_minutes', 'location_uid', 'active', 'sort_order'])
    .where('active', '=', true)
  if (locationUid !== undefined) query = query.where('location_uid', '=', locationUid)
  return query.orderBy('location_uid').orderBy('sort_order').orderBy('name').execute()
}

/** One bookable type of a location, or undefined when the location does not offer it (or no longer does). */
export function activeType(db: Kysely<Database>, locationUid: string, typeId: string) {
  return db
    .selectFrom('appointment_types')
    .select(['id', 'name', 'duration_minutes'])
    .where('id', '=', typeId)
    .where('location_uid', '=', locationUid)
    .where('active', '=', true)
    .executeTakeFirst()
}

/** How long a type's visit is, offered still or not (an existing appointment keeps its type). */
export async function typeDuration(db: Kysely<Database>, typeId: string): Promise<number> {
  const { duration_minutes } = await db.selectFrom('appointment_types').select(['duration_minutes']).where('id', '=', typeId).executeTakeFirstOrThrow()
  return duration_minutes
}

/** Adds types; a location's type of the same name is left as it is (staff may have edited it). */
export async function addAppointmentTypes(db: Kysely<Database>, types: ReadonlyArray<Insertable<AppointmentTypesTable>>): Promise<void> {
  if (types.length === 0) return
  await db.insertInto('appointment_types').values([...types]).onConflict((oc) => oc.columns(['location_uid', 'name']).doNothing()).execute()
}
