import { createService, type App, type BuildOptions, type SchemaPlan } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { eventsRoutes } from './routes/events.js'
import { reviewsRoutes } from './routes/reviews.js'
import { reviewsProvider } from './reviews/provider.js'
import { migrations } from './migrations/index.js'

export const SERVICE = 'content'
export const SCHEMA = 'content'

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan = { schema: SCHEMA, migrations }

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks }: BuildOptions = {}): Promise<App> {
  const app = await createService(config, { name: SERVICE, schema: SCHEMA, logLevel, jwks })
  eventsRoutes(app, app.db as Kysely<Database>)
  reviewsRoutes(app, reviewsProvider(config, app.log))
  return app
}
