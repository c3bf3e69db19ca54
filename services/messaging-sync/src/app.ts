import { createFastify, serviceKit, type App, type SchemaPlan } from '@hearing/service-kit'
import type { JWTVerifyGetKey } from 'jose'
import type { Kysely } from 'kysely'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { localProvider } from './providers/local.js'
import { locationsRoutes } from './routes/locations.js'
import { migrations } from './migrations/index.js'
import { seed } from './seed.js'

export const SERVICE = 'messaging-sync'
export const SCHEMA = 'messaging'

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan = { schema: SCHEMA, migrations, seed }

export interface BuildOptions {
  logLevel?: string | false
  /** Tests verify tokens against a key set of their own instead of identity's JWKS URL. */
  jwks?: JWTVerifyGetKey
}

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks }: BuildOptions = {}): Promise<App> {
  const app = createFastify({ name: SERVICE, logLevel })
  await app.register(serviceKit, {
    schema: SCHEMA,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    internalToken: config.INTERNAL_TOKEN,
    auth: { jwks: jwks ?? new URL(config.IDENTITY_JWKS_URL), issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE },
  })
  const provider = localProvider(app.db as Kysely<Database>)
  locationsRoutes(app, provider)
  return app
}
