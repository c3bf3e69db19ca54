import type { Test } from 'tap'
import { createDb, migrateAndSeed, type KeySource, type SchemaPlan } from '@hearing/service-kit'
import { freshDatabase, testRedisUrl, TEST_INTERNAL_TOKEN } from './infra.js'
import { identityFake } from './identity-fake.js'
import { testSigner } from './tokens.js'

export interface Teardown {
  teardown(fn: () => unknown): void
}

interface Closable {
  close(): Promise<unknown>
}

export interface ServiceUnderTest<C, A extends Closable, DB> {
  configSchema: { parse(env: unknown): C }
  buildApp(config: C, opts: { logLevel: false; jwks?: KeySource }): Promise<A>
  schemaPlan: SchemaPlan<DB>
  /** The service uses Redis: tests get REDIS_URL. */
  redis?: boolean
  /** Identity verifies with its own keys; the others get a test signer's key set. */
  ownKeys?: boolean
  /** Variables this service needs beyond the common ones (tests may still override them). */
  env?: Record<string, string>
}

/**
 * What every service's test/helper.ts needs: a config on a database of its own, and a built, migrated
 * app. The database is a copy of the service's migrated template (templates.ts): `migrate` finds
 * nothing to run there, and `build` only seeds a copy it has not seen used.
 */
export function serviceTestKit<C extends { DATABASE_URL: string }, A extends Closable, DB>(service: ServiceUnderTest<C, A, DB>) {
  /** Databases handed out by testConfig, still exactly as copied from the template. */
  const untouchedCopies = new Set<string>()
  async function testConfig(t: Teardown, overrides: Record<string, string> = {}): Promise<C> {
    const url = await freshDatabase(t, service.schemaPlan)
    untouchedCopies.add(url)
    return service.configSchema.parse({
      DATABASE_URL: url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      // Keys come from the test signer; the session check every requireRole makes goes to a fake identity.
      IDENTITY_JWKS_URL: (await identityFake()).jwksUrl,
      ...(service.redis ? { REDIS_URL: await testRedisUrl() } : {}),
      ...service.env,
      ...overrides,
    })
  }
  const migrate = (config: C) => {
    untouchedCopies.delete(config.DATABASE_URL)
    return migrateAndSeed(config.DATABASE_URL, service.schemaPlan)
  }
  /** The seed alone, on a copy of the migrated template (what migrate would do there, without asking the migrator). */
  const seed = async (config: C) => {
    untouchedCopies.delete(config.DATABASE_URL)
    if (!service.schemaPlan.seed) return
    const db = createDb<DB>({ url: config.DATABASE_URL, schema: service.schemaPlan.schema, max: 1 })
    try {
      await service.schemaPlan.seed(db)
    } finally {
      await db.destroy()
    }
  }

  /** A migrated, seeded app on a database of its own, closed after the test. */
  async function build(t: Teardown, config?: C) {
    const cfg = config ?? (await testConfig(t))
    await (untouchedCopies.has(cfg.DATABASE_URL) ? seed(cfg) : migrate(cfg))
    const signer = await testSigner()
    const app = await service.buildApp(cfg, { logLevel: false, jwks: service.ownKeys ? undefined : signer.keySet })
    t.teardown(() => app.close())
    await redisConnected(app)
    return { app, config: cfg, signer }
  }
  return { testConfig, build, migrate }
}

/**
 * A service connects to Redis in the background; until it has, its limits count in the process.
 * Tests that count to a limit start once it is connected (a Redis that is meant to be down: 3 s).
 */
export async function redisConnected(app: unknown): Promise<void> {
  const redis = (app as { redis?: { status: string; once(event: 'ready', listener: () => void): unknown; off(event: 'ready', listener: () => void): unknown } | null }).redis
  if (!redis || redis.status === 'ready') return
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      redis.off('ready', done)
      resolve()
    }
    const timer = setTimeout(done, 3000)
    redis.once('ready', done)
  })
}

interface InjectableApp extends Closable {
  inject(url: string): Promise<{ statusCode: number; json(): unknown }>
}

/** The checks every service must pass: alive, ready with its stores, migrations idempotent. */
export function testServiceBasics<C extends { DATABASE_URL: string }>(
  t: Test,
  kit: { build(t: Teardown): Promise<{ app: InjectableApp; config: C }>; migrate(config: C): Promise<string[]> },
  checks: Record<string, 'up'>,
): void {
  t.test('liveness, readiness and idempotent migrations', async (t) => {
    const { app, config } = await kit.build(t)
    t.same((await app.inject('/healthz')).json(), { status: 'ok' }, '/healthz answers')
    // Redis connects in the background: readiness may take a moment on a busy machine.
    let ready = await app.inject('/readyz')
    for (let waited = 0; ready.statusCode !== 200 && waited < 10_000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100))
      ready = await app.inject('/readyz')
    }
    t.equal(ready.statusCode, 200, 'ready once the stores are connected')
    t.same(ready.json(), { status: 'ready', checks }, '/readyz reports each store up')
    t.same(await kit.migrate(config), [], 'a second migration run executes nothing')
  })
}
