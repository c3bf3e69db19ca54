import { eraseOutboxOfPerson, widenKeys, type PersonalDataHandlers, type SubjectKeys } from '@hearing/service-kit'
import { locationNameOf } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import type { Database } from './database.js'
import { anonymiseVisitsOfPerson, appointmentsOfPerson, contactsOfPerson, deleteAppointmentsOfPerson, deleteCancelTokensOfPerson } from './personal-data-store.js'

/**
 * A person's appointments: booked signed in, or signed out with their e-mail or phone.
 * Visits that took place are the practice's clinical record: kept, without name or contact
 * details; every other appointment (requests, declined, cancelled, upcoming) is deleted.
 */
export function schedulingPersonalData(db: Kysely<Database>, now: () => Date): PersonalDataHandlers {
  return {
    async exportFor(keys: SubjectKeys) {
      const rows = await appointmentsOfPerson(db, keys)
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
        const used = await contactsOfPerson(trx, keys)
        const found = { emails: used.map((r) => r.email).filter(Boolean), phones: used.map((r) => r.phone).filter(Boolean) }
        // Their cancel links go with their contact details.
        await deleteCancelTokensOfPerson(trx, keys)
        const visits = await anonymiseVisitsOfPerson(trx, keys, at)
        const deleted = await deleteAppointmentsOfPerson(trx, keys, at)
        const outbox = await eraseOutboxOfPerson(trx, widenKeys(keys, found))
        return { erased: deleted + outbox, kept: visits > 0 ? [{ kind: 'visits' as const, count: visits }] : [], found }
      })
    },
  }
}
