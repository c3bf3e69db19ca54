import type { Kysely } from 'kysely'
import type { Database } from './database.js'

export function listCollections(db: Kysely<Database>) {
  return db.selectFrom('collections').select(['key', 'title']).orderBy('position').orderBy('key').execute()
}
