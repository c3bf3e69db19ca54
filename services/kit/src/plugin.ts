import { timingSafeEqual } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Redis } from 'ioredis'
import { createTokenVerifier, InvalidTokenError, type AuthUser, type Role, type VerifierOptions } from './auth.js'
import { createDb, databaseReachable } from './db.js'
import { errorPayload, installErrorHandling } from './errors.js'
import { createRedis, redisReachable } from './redis.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<any>
    /** Present only for services that use Redis (queues). */
    redis: Redis | null
    /** preHandler that answers 401 without a valid token and 403 without one of the roles. */
    requireRole: (...roles: Role[]) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
  interface FastifyRequest {
    /** The verified caller, or null for anonymous requests. */
    user: AuthUser | null
    /** A bearer token came but failed verification. */
    tokenRejected: boolean
  }
}

export const INTERNAL_TOKEN_HEADER = 'x-internal-token'

export interface ServiceKitOptions {
  /** Postgres schema the service owns. */
  schema: string
  databaseUrl: string
  /** Set for services that use Redis; readiness then requires it too. */
  redisUrl?: string
  internalToken: string
  auth: VerifierOptions
}

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * What every service shares: error shape, database, optional Redis, access-token verification,
 * the /internal guard and the health routes. Everything it opens it closes on app.close().
 */
async function serviceKit(app: FastifyInstance, opts: ServiceKitOptions) {
  installErrorHandling(app)

  const db = createDb({ url: opts.databaseUrl, schema: opts.schema, onError: (err) => app.log.warn({ err }, 'idle database connection lost') })
  app.decorate('db', db)
  app.addHook('onClose', async () => db.destroy())

  let redis: Redis | null = null
  if (opts.redisUrl) {
    redis = createRedis(opts.redisUrl, 'client', (err) => app.log.warn({ reason: err.message }, 'redis connection problem'))
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect())
    })
  }
  app.decorate('redis', redis)

  const verify = createTokenVerifier(opts.auth)
  app.decorateRequest('user', null)
  app.decorateRequest('tokenRejected', false)
  // A bad token makes the caller anonymous; routes that need a user then answer 401 saying why,
  // while public routes (health, analytics) keep working for a client whose token just expired.
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization
    if (!header) return
    const [scheme, token] = header.split(' ')
    if (scheme?.toLowerCase() !== 'bearer' || !token) return
    req.user = await verify(token).catch(() => {
      req.tokenRejected = true
      return null
    })
  })
  app.decorate('requireRole', (...roles: Role[]) => async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.tokenRejected) return reply.code(401).send(errorPayload(401, new InvalidTokenError().message))
    if (!req.user) return reply.code(401).send(errorPayload(401, 'Please sign in to continue.'))
    if (roles.length > 0 && !roles.includes(req.user.role)) return reply.code(403).send(errorPayload(403, 'You do not have permission to do this.'))
  })

  // Service-to-service routes: the gateway never forwards them, and they also demand the shared
  // secret. Judged by the route that matched, not the raw URL, so no spelling of the path escapes.
  app.addHook('onRequest', async (req, reply) => {
    const route = req.routeOptions.url
    if (!route || !(route === '/internal' || route.startsWith('/internal/'))) return
    if (!sameSecret(req.headers[INTERNAL_TOKEN_HEADER], opts.internalToken)) {
      return reply.code(403).send(errorPayload(403, 'Internal route: service credential required.'))
    }
  })

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }))
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    const checks: Record<string, 'up' | 'down'> = { postgres: (await databaseReachable(db)) ? 'up' : 'down' }
    if (redis) checks.redis = (await redisReachable(redis)) ? 'up' : 'down'
    const ready = Object.values(checks).every((c) => c === 'up')
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks })
  })
}

export default fp(serviceKit, { name: 'service-kit', fastify: '5.x' })
