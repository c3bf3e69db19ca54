import type { FastifyPluginAsync, RawServerDefault } from 'fastify'
import type { KeySource } from './auth.js'
import type { Kysely } from 'kysely'
import type { ServiceEnv } from './config.js'
import { createFastify, type App } from './fastify.js'
import type { Migrations } from './db.js'
import type { OutboxRelayOptions } from './outbox.js'
import openApiDocument from './openapi.js'
import serviceKit from './plugin.js'
import { retentionSweep, type RetentionOptions, type RetentionSweep } from './retention.js'
import { lookRegularly } from './scheduled-runs.js'
import type { ZodTypeProvider } from './validation.js'
import { cachedSessionCheck, remoteSessionCheck, type SessionCheck } from './sessions.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Present only for services that purge old records (createService's `retention`). */
    retention: RetentionSweep | null
  }
}

/** What tests and servers may vary when building a service. */
export interface BuildOptions {
  logLevel?: string | false
  /** Verify tokens with this key set instead of fetching identity's JWKS (identity itself, tests). */
  jwks?: KeySource
  /** Identity only: the private key that signs now (app.jwt.sign). */
  signingKey?: () => Promise<string>
  /** How requireRole learns whether a session still stands; default: ask identity (IDENTITY_JWKS_URL's origin). */
  sessionCheck?: SessionCheck
  /** Run background work (the outbox relay, the retention sweep) on ready (default true; tests drive it by hand). */
  background?: boolean
}

type ServiceConfig = Pick<ServiceEnv, 'LOG_LEVEL' | 'DATABASE_URL' | 'INTERNAL_TOKEN' | 'JWT_ISSUER' | 'JWT_AUDIENCE'> & {
  IDENTITY_JWKS_URL?: string
  /** How long identity's answer about a session stands (default 5000 ms); 0: asked on every request. */
  SESSION_CHECK_CACHE_MS?: number
  /** Services whose config has a Redis URL get app.redis, and readiness requires it. */
  REDIS_URL?: string
  /** messaging-sync's base URL: where the outbox relay hands work over. */
  MESSAGING_INTERNAL_URL?: string | undefined
}

/** A service's Fastify instance with the kit registered, its database typed with the service's tables. */
export type ServiceApp<DB> = App & { readonly db: Kysely<DB> }

/**
 * A group of routes: an encapsulated Fastify plugin. It finds the service's database and the kit's
 * decorations (requireRole, redis, outboxRelay) on its instance and everything else in its options;
 * hooks it adds cover its own routes only.
 */
export type RouteGroup<DB, Options extends object = Record<never, never>> = (app: ServiceApp<DB>, options: Options) => Promise<void> | void

/**
 * Makes a route group registrable: `await app.register(routeGroup(bookingRoutes), { now })`.
 * The child instance inherits the `db` createService decorated, typed here once for every group.
 */
export function routeGroup<DB, Options extends object>(group: RouteGroup<DB, Options>): FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider> {
  return async (instance, options) => {
    await group(instance as unknown as ServiceApp<DB>, options)
  }
}

/** A service's Fastify instance with the kit registered: the first lines of every buildApp. */
export async function createService<DB>(
  config: ServiceConfig,
  { name, schema, migrations, logLevel = config.LOG_LEVEL, jwks, signingKey, sessionCheck, outbox, retention, background = true }: BuildOptions & {
    name: string
    schema: string
    /** The migrations this code expects: the service reports not ready while its schema lacks any of them. */
    migrations: Migrations
    /** The service has an outbox table (outboxMigration): start its relay towards MESSAGING_INTERNAL_URL. */
    outbox?: Omit<OutboxRelayOptions, 'targetUrl'>
    /** The service purges old records (it has a scheduled_runs table): app.retention, swept regularly in the background. */
    retention?: RetentionOptions<DB>
  },
): Promise<ServiceApp<DB>> {
  const keys = jwks ?? (config.IDENTITY_JWKS_URL ? new URL(config.IDENTITY_JWKS_URL) : undefined)
  if (!keys) throw new Error(`${name}: IDENTITY_JWKS_URL or a key set is needed to verify access tokens`)
  // Identity serves its keys and the session check side by side.
  const sessions = sessionCheck ?? (config.IDENTITY_JWKS_URL ? remoteSessionCheck({ identityUrl: config.IDENTITY_JWKS_URL, internalToken: config.INTERNAL_TOKEN }) : undefined)
  if (!sessions) throw new Error(`${name}: IDENTITY_JWKS_URL or a session check is needed to honour revocation`)
  const app = createFastify({ name, logLevel })
  await app.register(openApiDocument, { title: name }) // first, so that it sees every route
  await app.register(serviceKit, {
    schema,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    internalToken: config.INTERNAL_TOKEN,
    auth: { jwks: keys, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE, ...(signingKey ? { signingKey } : {}) },
    sessions,
    // Guarded requests reuse identity's answer for a while; an OAuth callback (checkSession) asks afresh.
    guardSessions: sessionCheck ? sessions : cachedSessionCheck(sessions, { ttlMs: config.SESSION_CHECK_CACHE_MS ?? 5000 }),
    name,
    migrations,
    ...(outbox ? { outbox: { ...outbox, targetUrl: config.MESSAGING_INTERNAL_URL, background } } : {}),
  })
  // The kit decorated `db` (plugin.ts) with a pool on the service's schema; its tables are the service's to name.
  const service = app as ServiceApp<DB>
  const sweep = retention ? retentionSweep(service.db, name, retention) : null
  app.decorate('retention', sweep)
  if (sweep && retention && background) lookRegularly(app, retention.everyHours * 3600_000, () => sweepNow(service, sweep))
  return service
}

/** One look from this replica; what it removed is logged by kind and count only. */
async function sweepNow(app: App, sweep: RetentionSweep): Promise<void> {
  try {
    for (const { kind, removed } of (await sweep.runIfDue()) ?? []) app.log.info({ kind, removed }, 'retention purge')
  } catch (err) {
    app.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'retention sweep failed')
  }
}
