import { timingSafeEqual } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { InvalidTokenError, registerAccessTokens, verifiedCaller, type AccessTokenOptions, type Role } from './auth.js'
import { auditDeclaredRoutes } from './audit/routes.js'
import { createAuditTrail } from './audit/trail.js'
import { createDb, databaseReachable, poolUse, schemaState, withTimeout, type Migrations } from './db.js'
import { errorPayload, installErrorHandling } from './errors.js'
import { INTERNAL_TOKEN_HEADER } from './internal.js'
import { createOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox.js'
import { createRedis, redisReachable } from './redis.js'
import type { SessionCheck, SessionCheckAnswer } from './sessions.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Present only for services that use Redis (queues). */
    redis: Redis | null
    /**
     * preHandler that answers 401 without a valid token or when its session has ended (signed out,
     * password changed, account gone), 403 without one of the roles as they are now, and 503 when
     * identity cannot say. Afterwards req.user.role is the current role.
     */
    requireRole: (...roles: Role[]) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** Present only for services that hand work to messaging-sync through their outbox. */
    outboxRelay: OutboxRelay | null
    /** Whether a session still stands and the account's role now, for a caller known without a token (an OAuth callback). */
    checkSession: SessionCheck
  }
  interface FastifyRequest {
    /** A bearer token came but failed verification. */
    tokenRejected: boolean
  }
}

export { INTERNAL_TOKEN_HEADER }

export interface ServiceKitOptions {
  /** Postgres schema the service owns. */
  schema: string
  databaseUrl: string
  /** Set for services that use Redis; readiness then requires it too. */
  redisUrl?: string
  internalToken: string
  auth: AccessTokenOptions
  /** Asks identity whether a token's session still stands (sessions.ts); app.checkSession. */
  sessions: SessionCheck
  /** What requireRole asks instead, if given: `sessions` behind a short cache (cachedSessionCheck). */
  guardSessions?: SessionCheck
  /** The service's name, sent as the `source` of what its outbox hands over. */
  name?: string
  /**
   * Services with an outbox table (outboxMigration) get its relay, started when the app is ready
   * and stopped on close. `background: false` leaves it stopped (tests drive it with runOnce).
   */
  outbox?: OutboxRelayOptions & { background?: boolean }
  /**
   * The migrations the code expects: /readyz answers 503 (`schema: behind`) until the schema has
   * every one of them, so a pod of a new release gets no traffic before its migrations ran.
   */
  migrations?: Migrations
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.'
export const NOT_PERMITTED_MESSAGE = 'You do not have permission to do this.'

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
  app.metrics.gauge('db_pool_connections', 'PostgreSQL pool connections: total open, idle, and requests waiting for one', ['state'], (set) => {
    const use = poolUse(db)
    if (!use) return
    for (const [state, value] of Object.entries(use)) set({ state }, value)
  })
  app.addHook('onClose', async () => db.destroy())

  let redis: Redis | null = null
  if (opts.redisUrl) {
    redis = createRedis(opts.redisUrl, 'client', (err) => app.log.warn({ reason: err.message }, 'redis connection problem'))
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect())
    })
  }
  app.decorate('redis', redis)

  let relay: OutboxRelay | null = null
  if (opts.outbox) {
    const { background = true, ...relayOptions } = opts.outbox
    relay = createOutboxRelay({ ...relayOptions, db, source: opts.name ?? opts.schema, internalToken: opts.internalToken, log: app.log.child({ component: 'outbox' }) })
    if (background) app.addHook('onReady', async () => relay?.start())
    // Registered after the database's hook, so it runs before it: a pass in flight finishes first.
    app.addHook('onClose', async () => relay?.stop())
  }
  app.decorate('outboxRelay', relay)

  // The audit trail: routes that declare config.audit are recorded after their response. Registered
  // after the database's hook, so its records in flight are written before the pool closes.
  const trail = createAuditTrail(db, opts.name ?? opts.schema, app.log.child({ component: 'audit' }))
  auditDeclaredRoutes(app, trail)
  app.addHook('onClose', async () => trail.settled())

  await registerAccessTokens(app, opts.auth)
  app.decorateRequest('tokenRejected', false)
  // A bad token makes the caller anonymous; routes that need a user then answer 401 saying why,
  // while public routes (health, analytics) keep working for a client whose token just expired.
  app.addHook('onRequest', async (req) => {
    req.user = await verifiedCaller(req).catch(() => {
      req.tokenRejected = true
      return null
    })
  })
  app.decorate('checkSession', opts.sessions)
  // One question to identity per request, however many guards ask.
  const checked = new WeakMap<FastifyRequest, Promise<SessionCheckAnswer>>()
  app.decorate('requireRole', (...roles: Role[]) => async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.tokenRejected) return reply.code(401).send(errorPayload(401, new InvalidTokenError().message))
    const user = req.user
    if (!user) return reply.code(401).send(errorPayload(401, 'Please sign in to continue.'))
    let answer = checked.get(req)
    if (!answer) checked.set(req, (answer = (opts.guardSessions ?? opts.sessions)(user)))
    let session: SessionCheckAnswer
    try {
      session = await answer
    } catch (err) {
      req.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'session check failed')
      return reply.code(503).header('retry-after', '5').send(errorPayload(503, 'Service temporarily unavailable. Please try again shortly.'))
    }
    if (!session.active) {
      req.log.info({ userId: user.id, reason: 'session ended' }, 'request rejected')
      return reply.code(401).send(errorPayload(401, SESSION_ENDED_MESSAGE))
    }
    // Authorise on the role the account has now, not the one the token was issued with.
    if (session.role !== user.role) req.user = { ...user, role: session.role }
    if (roles.length > 0 && !roles.includes(session.role)) return reply.code(403).send(errorPayload(403, NOT_PERMITTED_MESSAGE))
  })

  // An answer to a signed-in caller may hold personal data: no browser or proxy may keep it unless
  // the route said otherwise. Covers every service's routes without each having to remember.
  app.addHook('onSend', async (req, reply) => {
    if ((req.user || req.headers.authorization || req.headers.cookie) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
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
  // Once the schema has caught up it stays so (migrations are never undone), so it is asked until then only.
  let schemaCurrent = !opts.migrations
  const schemaCheck = async (): Promise<'up' | 'behind' | 'down'> => {
    if (schemaCurrent || !opts.migrations) return 'up'
    try {
      const { pending } = await withTimeout(schemaState(db, opts.schema, opts.migrations), 2000)
      if (pending.length > 0) {
        app.log.warn({ schema: opts.schema, pending }, 'schema behind the code: not ready until its migrations ran')
        return 'behind'
      }
      schemaCurrent = true
      return 'up'
    } catch {
      return 'down'
    }
  }
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    const checks: Record<string, 'up' | 'down' | 'behind'> = { postgres: (await databaseReachable(db)) ? 'up' : 'down' }
    if (checks.postgres === 'up' && opts.migrations) checks.schema = await schemaCheck()
    if (redis) checks.redis = (await redisReachable(redis)) ? 'up' : 'down'
    const ready = Object.values(checks).every((c) => c === 'up')
    if (!ready) reply.header('retry-after', '5')
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks })
  })
}

export default fp(serviceKit, { name: 'service-kit', fastify: '5.x' })
