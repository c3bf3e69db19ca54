import type { App } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { listCollections } from '../collections.js'
import type { Database } from '../database.js'

const collection = z.object({ key: z.string(), title: z.string() })

/** The catalogue's collections, in display order; each key is also the section's anchor id. */
export function collectionsRoutes(app: App, db: Kysely<Database>) {
  app.get('/collections', { schema: { response: { 200: z.array(collection) } } }, async () => listCollections(db))
}
