import { rowOfPerson, type SubjectKeys } from '@hearing/service-kit'
import { sql, type Kysely } from 'kysely'
import type { Database } from './database.js'

// The SQL of a person's appointments: found by account, e-mail or phone. What is kept
// and what is erased is personal-data.ts'.

type Db = Kysely<Database>

const personColumns = { userId: 'user_id', email: 'email', phone: 'phone' }

/** Took place: marked completed or no-show, or confirmed and already started. */
const tookPlace = (now: Date) => sql<boolean>`(status in ('completed', 'no_show') or (status = 'confirmed' and starts_at <= ${now}))`

/** The person's appointments, latest start first, with everything they told us. */
export function appointmentsOfPerson(db: Db, keys: SubjectKeys) {
  return db
    .selectFrom('appointments')
    .select(['id', 'appointment_type', 'location_uid', 'starts_at', 'ends_at', 'status', 'source', 'first_name', 'last_name', 'email', 'phone', 'address_line1', 'address_line2', 'city', 'state', 'zip_code', 'notes', 'created_at', 'cancelled_at', 'language'])
    .where(rowOfPerson(keys, personColumns))
    .orderBy('starts_at', 'desc')
    .execute()
}

/** The e-mail addresses and phones their appointments carry (a booking made signed in may carry others). */
export function contactsOfPerson(db: Db, keys: SubjectKeys) {
  return db.selectFrom('appointments').select(['email', 'phone']).where(rowOfPerson(keys, personColumns)).execute()
}

/** Deletes the cancel links of their appointments. */
export async function deleteCancelTokensOfPerson(db: Db, keys: SubjectKeys): Promise<void> {
  await db
    .deleteFrom('appointment_cancel_tokens')
    .where('appointment_id', 'in', db.selectFrom('appointments').select('id').where(rowOfPerson(keys, personColumns)))
    .execute()
}

/** Their visits that took place by `now`, kept without name or contact details; resolves to how many. */
export async function anonymiseVisitsOfPerson(db: Db, keys: SubjectKeys, now: Date): Promise<number> {
  const result = await db
    .updateTable('appointments')
    .set({
      user_id: null,
      first_name: 'Former',
      last_name: 'patient',
      email: '',
      phone: '',
      address_line1: null,
      address_line2: null,
      city: null,
      state: null,
      zip_code: null,
      notes: null,
      source_address: null,
    })
    .where(rowOfPerson(keys, personColumns))
    .where(tookPlace(now))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Deletes every other appointment of theirs (requests, declined, cancelled, upcoming); resolves to how many. */
export async function deleteAppointmentsOfPerson(db: Db, keys: SubjectKeys, now: Date): Promise<number> {
  const result = await db.deleteFrom('appointments').where(rowOfPerson(keys, personColumns)).where(sql<boolean>`not ${tookPlace(now)}`).executeTakeFirst()
  return Number(result.numDeletedRows)
}
