import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, chmodSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { REPO_ROOT, SERVICES } from '../src/launcher/paths.js'
import { startLocalPostgres } from '../src/postgres/index.js'
import { freePort, testRedisUrl, TEST_INTERNAL_TOKEN, TEST_SIGNING_KEY_SECRET } from '../src/testing/index.js'

interface ServiceModule {
  buildApp(config: unknown, opts: { logLevel: false }): Promise<{ inject(url: string): Promise<{ statusCode: number; json(): unknown }>; close(): Promise<void> }>
}
interface ConfigModule {
  configSchema: { parse(env: unknown): unknown }
}

t.test("every service's readiness follows PostgreSQL: 503 while it is down, 200 when it returns", async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hc-ready-'))
  chmodSync(dir, 0o755)
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const port = await freePort()
  let pg = await startLocalPostgres({ dataDir: path.join(dir, 'pg'), port, throwaway: true })
  t.teardown(() => pg.stop())

  const env = {
    DATABASE_URL: pg.url,
    REDIS_URL: await testRedisUrl(),
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET,
    IDENTITY_JWKS_URL: 'http://127.0.0.1:9/unused',
  }
  const apps: Array<{ name: string; app: Awaited<ReturnType<ServiceModule['buildApp']>> }> = []
  for (const service of SERVICES) {
    const migrate = spawnSync(process.execPath, [path.join(REPO_ROOT, service.dir, 'dist/migrate.js')], { env: { PATH: process.env.PATH, DATABASE_URL: pg.url }, encoding: 'utf8' })
    t.equal(migrate.status, 0, `${service.name} migrates: ${migrate.stderr}`)
    const { buildApp } = (await import(path.join(REPO_ROOT, service.dir, 'dist/app.js'))) as ServiceModule
    const { configSchema } = (await import(path.join(REPO_ROOT, service.dir, 'dist/config.js'))) as ConfigModule
    const app = await buildApp(configSchema.parse(env), { logLevel: false })
    t.teardown(() => app.close())
    apps.push({ name: service.name, app })
  }
  const statuses = async () => Object.fromEntries(await Promise.all(apps.map(async ({ name, app }) => [name, (await app.inject('/readyz')).statusCode])))
  const all = (code: number) => Object.fromEntries(apps.map(({ name }) => [name, code]))

  t.same(await statuses(), all(200), 'all ready')
  await pg.stop()
  t.same(await statuses(), all(503), 'all unavailable while PostgreSQL is down')
  for (const { name, app } of apps) t.equal((await app.inject('/healthz')).statusCode, 200, `${name} stays alive`)
  pg = await startLocalPostgres({ dataDir: path.join(dir, 'pg'), port, throwaway: true })
  t.same(await statuses(), all(200), 'all ready again once it is back')
})
