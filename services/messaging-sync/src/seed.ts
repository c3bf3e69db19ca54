import { CLINICS, locationName } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import type { Database } from './database.js'

/** The local provider's locations: the practice's two clinics. Leaves existing rows alone. */
export async function seed(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('locations')
    .values(CLINICS.map((c, position) => ({ uid: c.uid, name: locationName(c), position })))
    .onConflict((oc) => oc.column('uid').doNothing())
    .execute()
}
