import type { Kysely } from 'kysely'
import type { Database } from '../database.js'
import type { Location, MessagingProvider } from './provider.js'

/** The embedded default: everything lives in this service's own Postgres schema. */
export function localProvider(db: Kysely<Database>): MessagingProvider {
  return {
    async getLocations(): Promise<Location[]> {
      return db.selectFrom('locations').select(['uid', 'name']).orderBy('position').orderBy('name').execute()
    },
  }
}
