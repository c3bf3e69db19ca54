import { rowOfPerson, type PersonalDataHandlers, type SubjectKeys } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import type { Database } from './database.js'

/**
 * The analytics events a signed-in person made. Erasure unlinks them from the account:
 * what is left (a page and a time) no longer says whose it was.
 */
const personColumns = { userId: 'user_id' }

export function contentPersonalData(db: Kysely<Database>): PersonalDataHandlers {
  return {
    async exportFor(keys: SubjectKeys) {
      const rows = await db.selectFrom('analytics_events').select(['kind', 'name', 'path', 'occurred_at']).where(rowOfPerson(keys, personColumns)).orderBy('occurred_at', 'desc').execute()
      const records = rows.map(({ occurred_at, ...row }) => ({ ...row, at: occurred_at.toISOString() }))
      return [{ key: 'analytics-events', title: 'Pages you visited while signed in', records }]
    },
    async eraseFor(keys: SubjectKeys) {
      const result = await db.updateTable('analytics_events').set({ user_id: null }).where(rowOfPerson(keys, personColumns)).executeTakeFirst()
      return { erased: Number(result.numUpdatedRows), kept: [] }
    },
  }
}
