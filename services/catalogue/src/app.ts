import { createService, type App, type BuildOptions, type SchemaPlan } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { collectionsRoutes } from './routes/collections.js'
import { migrations } from './migrations/index.js'
import { seed } from './seed.js'

export const SERVICE = 'catalogue'
export const SCHEMA = 'catalogue'

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan = { schema: SCHEMA, migrations, seed }

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks }: BuildOptions = {}): Promise<App> {
  const app = await createService(config, { name: SERVICE, schema: SCHEMA, logLevel, jwks })
  collectionsRoutes(app, app.db as Kysely<Database>)
  return app
}
