import { eraseOutboxOfPerson, rowOfPerson, widenKeys, type PersonalDataHandlers, type SubjectKeys } from '@hearing/service-kit'
import { locationNameOf } from '@hearing/contracts'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from './database.js'

/**
 * A person's appointments (issue 23): booked signed in, or signed out with their e-mail or phone.
 * Visits that took place are the practice's clinical record: kept, without name or contact
 * details; every other appointment (requests, declined, cancelled, upcoming) is deleted.
 */
const personColumns = { userId: 'user_id', email: 'email', phone: 'phone' }

/** Took place: marked completed or no-show, or confirmed and already started. */
const tookPlace = (now: Date) => sql<boolean>`(status in ('completed', 'no_show') or (status = 'confirmed' and starts_at <= ${now}))`

export function schedulingPersonalData(db: Kysely<Database>, now: () => Date): PersonalDataHandlers {
  return {
    async exportFor(keys: SubjectKeys) {
      const rows = await db
        .selectFrom('appointments')
        .select(['id', 'appointment_type', 'location_uid', 'starts_at', 'ends_at', 'status', 'source', 'first_name', 'last_name', 'email', 'phone', 'address_line1', 'address_line2', 'city', 'state', 'zip_code', 'notes', 'created_at', 'cancelled_at', 'language'])
        .where(rowOfPerson(keys, personColumns))
        .orderBy('starts_at', 'desc')
        .execute()
      const records = rows.map(({ location_uid, starts_at, ends_at, created_at, cancelled_at, ...row }) => ({
        ...row,
        clinic: locationNameOf(location_uid) ?? location_uid,
        starts_at: starts_at.toISOString(),
        ends_at: ends_at.toISOString(),
        requested_at: created_at.toISOString(),
        cancelled_at: cancelled_at?.toISOString() ?? null,
      }))
      return [{ key: 'appointments', title: 'Appointments', records }]
    },
    eraseFor(keys: SubjectKeys) {
      return db.transaction().execute(async (trx) => {
        const at = now()
        // A booking made signed in may carry another address or phone: its e-mails went there.
        const used = await trx.selectFrom('appointments').select(['email', 'phone']).where(rowOfPerson(keys, personColumns)).execute()
        const found = { emails: used.map((r) => r.email).filter(Boolean), phones: used.map((r) => r.phone).filter(Boolean) }
        // Their cancel links go with their contact details.
        await trx
          .deleteFrom('appointment_cancel_tokens')
          .where('appointment_id', 'in', trx.selectFrom('appointments').select('id').where(rowOfPerson(keys, personColumns)))
          .execute()
        const kept = await trx
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
          .where(tookPlace(at))
          .executeTakeFirst()
        const deleted = await trx.deleteFrom('appointments').where(rowOfPerson(keys, personColumns)).where(sql<boolean>`not ${tookPlace(at)}`).executeTakeFirst()
        const outbox = await eraseOutboxOfPerson(trx, widenKeys(keys, found))
        const visits = Number(kept.numUpdatedRows)
        return { erased: Number(deleted.numDeletedRows) + outbox, kept: visits > 0 ? [{ kind: 'visits' as const, count: visits }] : [], found }
      })
    },
  }
}
