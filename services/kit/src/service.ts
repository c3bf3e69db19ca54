import type { JWTVerifyGetKey } from 'jose'
import type { ServiceEnv } from './config.js'
import { createFastify, type App } from './fastify.js'
import serviceKit from './plugin.js'

/** What tests and servers may vary when building a service. */
export interface BuildOptions {
  logLevel?: string | false
  /** Verify tokens with this key set instead of fetching identity's JWKS (identity itself, tests). */
  jwks?: JWTVerifyGetKey
}

type ServiceConfig = Pick<ServiceEnv, 'LOG_LEVEL' | 'DATABASE_URL' | 'INTERNAL_TOKEN' | 'JWT_ISSUER' | 'JWT_AUDIENCE'> & {
  IDENTITY_JWKS_URL?: string
  /** Services whose config has a Redis URL get app.redis, and readiness requires it. */
  REDIS_URL?: string
}

/** A service's Fastify instance with the kit registered: the first lines of every buildApp. */
export async function createService(
  config: ServiceConfig,
  { name, schema, logLevel = config.LOG_LEVEL, jwks }: BuildOptions & { name: string; schema: string },
): Promise<App> {
  const keys = jwks ?? (config.IDENTITY_JWKS_URL ? new URL(config.IDENTITY_JWKS_URL) : undefined)
  if (!keys) throw new Error(`${name}: IDENTITY_JWKS_URL or a key set is needed to verify access tokens`)
  const app = createFastify({ name, logLevel })
  await app.register(serviceKit, {
    schema,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    internalToken: config.INTERNAL_TOKEN,
    auth: { jwks: keys, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE },
  })
  return app
}
