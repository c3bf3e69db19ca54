import { createFastify, serviceKit, type App, type SchemaPlan } from '@hearing/service-kit'
import type { JWTVerifyGetKey } from 'jose'
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

export interface BuildOptions {
  logLevel?: string | false
  /** Overrides the key set tokens are verified with; by default identity's own keys, read locally. */
  jwks?: JWTVerifyGetKey
}

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks }: BuildOptions = {}): Promise<App> {
  const app = createFastify({ name: SERVICE, logLevel })
  // The kit wants the key resolver before it opens the database: the store reaches app.db on first use.
  const keys = keyStore(() => app.db as Kysely<Database>)
  await app.register(serviceKit, {
    schema: SCHEMA,
    databaseUrl: config.DATABASE_URL,
    internalToken: config.INTERNAL_TOKEN,
    auth: { jwks: jwks ?? keys.keySet, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE },
  })
  app.addHook('onReady', async () => ensureSigningKey(app.db as Kysely<Database>))
  app.decorate('tokens', createTokenSigner(keys, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE, defaultTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS }))
  jwksRoutes(app, keys)
  return app
}
