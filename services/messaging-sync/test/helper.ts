import { migrateAndSeed } from '@hearing/service-kit'
import { freshDatabase, testRedisUrl, testSigner, TEST_INTERNAL_TOKEN } from '@hearing/infra/testing'
import { buildApp, SCHEMA } from '../src/app.js'
import { configSchema, type Config } from '../src/config.js'
import { migrations } from '../src/migrations/index.js'
import { seed } from '../src/seed.js'

interface TestContext {
  teardown(fn: () => unknown): void
}

export async function testConfig(t: TestContext, overrides: Record<string, string> = {}): Promise<Config> {
  return configSchema.parse({
    DATABASE_URL: await freshDatabase(t),
    REDIS_URL: await testRedisUrl(),
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    IDENTITY_JWKS_URL: 'http://127.0.0.1:9/unused',
    ...overrides,
  })
}

/** A migrated, seeded messaging-sync app on a database of its own, closed after the test. */
export async function build(t: TestContext, config?: Config) {
  const cfg = config ?? (await testConfig(t))
  await migrateAndSeed(cfg.DATABASE_URL, { schema: SCHEMA, migrations, seed })
  const signer = await testSigner()
  const app = await buildApp(cfg, { logLevel: false, jwks: signer.keySet })
  t.teardown(() => app.close())
  return { app, config: cfg, signer }
}
