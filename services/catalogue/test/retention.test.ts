import type { OrderStatus } from '@hearing/contracts'
import { monthsAgo, purgeRecords, sweepTogether } from '@hearing/infra/testing'
import { sql } from 'kysely'
import t from 'tap'
import { build, testConfig } from './helper.js'

type Db = Awaited<ReturnType<typeof build>>['db']

/** An order request `minutes` from the cut-off of `months` ago (negative: past it). */
async function orderRequest(db: Db, status: OrderStatus, months: number, minutes: number): Promise<string> {
  const { id } = await db
    .insertInto('order_requests')
    .values({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '7705550142', location_uid: 'clinic', items: '[]', total_cents: 0, status, created_at: monthsAgo(months, minutes) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

const remaining = async (db: Db) => (await db.selectFrom('order_requests').select('id').execute()).map((r) => r.id).sort()

t.test('closed order requests past the period are purged; newer and open ones stay; the purge is audited', async (t) => {
  const { app, db, config } = await build(t)
  t.equal(config.RETENTION_MONTHS, 24, 'two years by default')
  const kept = [
    await orderRequest(db, 'fitted', 24, 1),
    await orderRequest(db, 'cancelled', 24, 1),
    // Staff are still working on these, however old.
    await orderRequest(db, 'new', 36, 0),
    await orderRequest(db, 'contacted', 24, -1),
  ]
  await orderRequest(db, 'fitted', 24, -1)
  await orderRequest(db, 'cancelled', 30, 0)

  const purges = await app.retention!.runIfDue()
  t.match(purges, [{ kind: 'order', removed: 2 }])
  t.same(await remaining(db), kept.sort(), 'only closed requests older than 24 months are gone')
  const [record, ...more] = await purgeRecords(db)
  t.same(more, [], 'one audit record')
  t.match(record, { service: 'catalogue', actor_id: null, actor_role: 'system', record_kind: 'order', detail: /^2 removed: created before \d{4}-.*\(kept 24 months\)$/ })
  t.notMatch(record!.detail, /ada|Lovelace/i, 'no personal data in the record')
})

t.test('RETENTION_MONTHS sets the period', async (t) => {
  const { app, db } = await build(t, await testConfig(t, { RETENTION_MONTHS: '6' }))
  const kept = await orderRequest(db, 'fitted', 6, 1)
  await orderRequest(db, 'fitted', 6, -1)
  t.match(await app.retention!.runIfDue(), [{ kind: 'order', removed: 1 }])
  t.same(await remaining(db), [kept])
})

t.test('three replicas sweeping at once purge once and write one audit record', async (t) => {
  const first = await build(t)
  const replicas = [first.app, (await build(t, first.config)).app, (await build(t, first.config)).app]
  await orderRequest(first.db, 'fitted', 24, -1)
  await orderRequest(first.db, 'cancelled', 25, 0)

  t.equal(await sweepTogether(replicas), 1, 'one replica ran the purge')
  t.same(await remaining(first.db), [])
  t.match(await purgeRecords(first.db), [{ record_kind: 'order', detail: /^2 removed/ }])
  t.equal((await purgeRecords(first.db)).length, 1, 'one audit record')

  await orderRequest(first.db, 'fitted', 24, -1)
  t.equal(await sweepTogether(replicas), 0, 'within the sweep period, no replica sweeps again')
  t.equal((await remaining(first.db)).length, 1)

  // A day later (RETENTION_SWEEP_HOURS, 24 by default), the next sweep is due: again once.
  await sql`update scheduled_runs set last_run_at = last_run_at - interval '24 hours'`.execute(first.db)
  t.equal(await sweepTogether(replicas), 1, 'the next period, one replica sweeps')
  t.same(await remaining(first.db), [])
  t.equal((await purgeRecords(first.db)).length, 2, 'one more audit record')
})
