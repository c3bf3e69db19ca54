import { createService, type App, type BuildOptions, type SchemaPlan } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { jwksRoutes } from './routes/jwks.js'
import { ensureSigningKey, keyStore } from './signing-keys.js'
import { createTokenSigner, type TokenSigner } from './tokens.js'
import { migrations } from './migrations/index.js'

export const SERVICE = 'identity'
export const SCHEMA = 'identity'

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan = { schema: SCHEMA, migrations }

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner
  }
}

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks }: BuildOptions = {}): Promise<App> {
  // Identity verifies tokens with its own keys, read from its database once createService opened it.
  let db: Kysely<Database> | undefined
  const keys = keyStore(() => db!)
  const app = await createService(config, { name: SERVICE, schema: SCHEMA, logLevel, jwks: jwks ?? keys.keySet })
  db = app.db as Kysely<Database>
  app.addHook('onReady', async () => ensureSigningKey(db!))
  app.decorate('tokens', createTokenSigner(keys, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE, defaultTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS }))
  jwksRoutes(app, keys)
  return app
}
