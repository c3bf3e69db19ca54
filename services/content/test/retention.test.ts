import { monthsAgo, purgeRecords, sweepTogether } from '@hearing/infra/testing'
import { Migrator, sql } from 'kysely'
import t from 'tap'
import { SCHEMA } from '../src/app.js'
import { migrations } from '../src/migrations/index.js'
import { build, testConfig } from './helper.js'

type Db = Awaited<ReturnType<typeof build>>['db']

/** A page view `minutes` from the cut-off of `months` ago (negative: past it). */
async function pageView(db: Db, months: number, minutes: number): Promise<string> {
  const { id } = await db.insertInto('analytics_events').values({ kind: 'page_view', path: '/', occurred_at: monthsAgo(months, minutes) }).returning('id').executeTakeFirstOrThrow()
  return id
}

const remaining = async (db: Db) => (await db.selectFrom('analytics_events').select('id').execute()).map((r) => r.id).sort()

t.test('analytics events past 13 months are purged, newer ones stay, and the purge is audited', async (t) => {
  const { app, db, config } = await build(t)
  t.equal(config.ANALYTICS_RETENTION_MONTHS, 13, 'thirteen months by default')
  const kept = [await pageView(db, 13, 1), await pageView(db, 1, 0)]
  await pageView(db, 13, -1)
  await pageView(db, 24, 0)

  t.match(await app.retention!.runIfDue(), [{ kind: 'analytics-event', removed: 2 }])
  t.same(await remaining(db), kept.sort())
  const records = await purgeRecords(db)
  t.match(records, [{ service: 'content', actor_id: null, actor_role: 'system', record_kind: 'analytics-event', detail: /^2 removed: created before .*\(kept 13 months\)$/ }])
  t.equal(records.length, 1)
})

t.test('a running service sweeps by itself once it is ready', async (t) => {
  const { app, db } = await build(t, await testConfig(t, { ANALYTICS_RETENTION_MONTHS: '2' }))
  const kept = await pageView(db, 2, 1)
  await pageView(db, 2, -1)
  await app.ready()
  // The first look is made on ready, in the background: wait for its audit record.
  for (const deadline = Date.now() + 10_000; (await purgeRecords(db)).length === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50))
  t.match(await purgeRecords(db), [{ record_kind: 'analytics-event', detail: /^1 removed: .*\(kept 2 months\)$/ }])
  t.same(await remaining(db), [kept])
})

t.test('three replicas sweeping at once purge once and write one audit record', async (t) => {
  const config = await testConfig(t)
  const first = await build(t, config)
  const replicas = [first.app, (await build(t, config)).app, (await build(t, config)).app]
  await pageView(first.db, 13, -1)
  await pageView(first.db, 14, 0)

  t.equal(await sweepTogether(replicas), 1, 'one replica ran the purge')
  t.same(await remaining(first.db), [])
  t.match(await purgeRecords(first.db), [{ record_kind: 'analytics-event', detail: /^2 removed/ }])
  t.equal((await purgeRecords(first.db)).length, 1, 'one audit record')
  t.equal(await sweepTogether(replicas), 0, 'within the sweep period, no replica sweeps again')
})

t.test('the scheduled-runs migration rolls back and forward (a release can be undone)', async (t) => {
  const { db } = await build(t)
  const migrator = new Migrator({ db, migrationTableSchema: SCHEMA, provider: { getMigrations: async () => migrations } })
  const tables = async () => (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${SCHEMA}`.execute(db)).rows.map((r) => r.name)
  const back = await migrator.migrateDown()
  t.equal(back.error, undefined)
  t.match(back.results, [{ migrationName: '2026-11-26T0201-scheduled-runs', direction: 'Down', status: 'Success' }])
  t.notOk((await tables()).includes('scheduled_runs'), 'its table is gone')
  t.equal((await migrator.migrateToLatest()).error, undefined)
  t.ok((await tables()).includes('scheduled_runs'), 'and back')
})
