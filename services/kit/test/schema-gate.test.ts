import { freshDatabase, testSigner } from '@hearing/infra/testing'
import { sql } from 'kysely'
import t from 'tap'
import { createDb, type Migrations } from '../src/db.js'
import { createFastify } from '../src/fastify.js'
import { migrateAndSeed } from '../src/migrate-cli.js'
import serviceKit from '../src/plugin.js'

const SCHEMA = 'kit_gate'

const release1: Migrations = {
  '2026-01-01T0000-notes': { up: async (db) => void (await db.schema.createTable('notes').addColumn('id', 'serial', (c) => c.primaryKey()).execute()) },
}
/** The next release adds a column (expand): the code of release 1 still works on its schema. */
const release2: Migrations = {
  ...release1,
  '2026-02-01T0000-notes-body': { up: async (db) => void (await db.schema.alterTable('notes').addColumn('body', 'text').execute()) },
}

async function serviceOn(t: { teardown(fn: () => unknown): void }, databaseUrl: string, migrations: Migrations) {
  const signer = await testSigner()
  const app = createFastify({ name: 'kit-gate', logLevel: false })
  await app.register(serviceKit, {
    schema: SCHEMA,
    databaseUrl,
    internalToken: 'i'.repeat(40),
    auth: { jwks: signer.keySet, issuer: 'hearing-care-identity', audience: 'hearing-care-api' },
    sessions: async (user) => ({ active: true, role: user.role }),
    migrations,
  })
  t.teardown(() => app.close())
  return app
}

t.test('a service is not ready while its schema lacks a migration its code expects, and is once they ran', async (t) => {
  const url = await freshDatabase(t)
  await migrateAndSeed(url, { schema: SCHEMA, migrations: release1 })
  const app = await serviceOn(t, url, release2)

  const behind = await app.inject('/readyz')
  t.equal(behind.statusCode, 503, 'release 2 code on release 1 schema gets no traffic')
  t.same(behind.json(), { status: 'unavailable', checks: { postgres: 'up', schema: 'behind' } }, 'and says why')
  t.equal(behind.headers['retry-after'], '5')
  t.equal((await app.inject('/healthz')).statusCode, 200, 'still alive: the kubelet does not restart it')

  t.same(await migrateAndSeed(url, { schema: SCHEMA, migrations: release2 }), ['2026-02-01T0000-notes-body'])
  const ready = await app.inject('/readyz')
  t.equal(ready.statusCode, 200)
  t.same(ready.json(), { status: 'ready', checks: { postgres: 'up', schema: 'up' } })
})

t.test('a fresh database is behind too (no migration table yet)', async (t) => {
  const app = await serviceOn(t, await freshDatabase(t), release1)
  const res = await app.inject('/readyz')
  t.equal(res.statusCode, 503)
  t.equal(res.json().checks.schema, 'behind')
})

t.test('rolling back: the previous release migrates (nothing to do) and is ready on the newer schema', async (t) => {
  const url = await freshDatabase(t)
  await migrateAndSeed(url, { schema: SCHEMA, migrations: release2 })
  t.same(await migrateAndSeed(url, { schema: SCHEMA, migrations: release1 }), [], 'its init container succeeds without touching the schema')
  const app = await serviceOn(t, url, release1)
  t.equal((await app.inject('/readyz')).statusCode, 200, 'the previous image serves on the expanded schema')
})

t.test('two replicas migrating one database at once: each migration and each seed once, one after the other', async (t) => {
  const url = await freshDatabase(t)
  const observer = createDb({ url, schema: SCHEMA })
  t.teardown(() => observer.destroy())
  const slow: Migrations = {
    '2026-01-01T0000-runs': {
      async up(db) {
        await db.schema.createTable('runs').addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('ended', 'boolean', (c) => c.notNull().defaultTo(false)).execute()
        await sql`select pg_sleep(0.3)`.execute(db)
      },
    },
  }
  // A seed that notices another seed of the same schema running alongside it.
  const seed = async (db: import('kysely').Kysely<unknown>) => {
    const { rows: mine } = await sql<{ id: number }>`insert into runs default values returning id`.execute(db)
    await sql`select pg_sleep(0.2)`.execute(db)
    const { rows } = await sql<{ open: number }>`select count(*)::int as open from runs where not ended and id <> ${mine[0]!.id}`.execute(db)
    await sql`update runs set ended = true where id = ${mine[0]!.id}`.execute(db)
    if (rows[0]!.open > 0) throw new Error('two seeds ran at once')
  }
  const [a, b] = await Promise.all([migrateAndSeed(url, { schema: SCHEMA, migrations: slow, seed }), migrateAndSeed(url, { schema: SCHEMA, migrations: slow, seed })])
  t.same([...a, ...b], ['2026-01-01T0000-runs'], 'the migration ran once, by whichever came first')
  const { rows } = await sql<{ runs: number; ended: number }>`select count(*)::int as runs, count(*) filter (where ended)::int as ended from kit_gate.runs`.execute(observer)
  t.same(rows, [{ runs: 2, ended: 2 }], 'both seeds ran to the end, neither alongside the other')
  const { rows: locks } = await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`.execute(observer)
  t.equal(locks[0]!.n, 0, 'no advisory lock left behind')
})
