import { createService, type App, type BuildOptions, type SchemaPlan } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { appointmentTypesRoutes } from './routes/appointment-types.js'
import { migrations } from './migrations/index.js'
import { seed } from './seed.js'

export const SERVICE = 'scheduling'
export const SCHEMA = 'scheduling'

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan = { schema: SCHEMA, migrations, seed }

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks }: BuildOptions = {}): Promise<App> {
  const app = await createService(config, { name: SERVICE, schema: SCHEMA, logLevel, jwks })
  appointmentTypesRoutes(app, app.db as Kysely<Database>)
  return app
}
