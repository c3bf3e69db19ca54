import { randomUUID } from 'node:crypto'
import { monthsAgo, purgeRecords, sweepTogether } from '@hearing/infra/testing'
import { sql } from 'kysely'
import t from 'tap'
import type { DeliveryStatus, Topic } from '../src/database.js'
import { build, testConfig } from './helper.js'

type Db = Awaited<ReturnType<typeof build>>['db']

/** A delivery `minutes` from the cut-off of `months` ago (negative: past it). */
async function delivery(db: Db, topic: Topic, status: DeliveryStatus, months: number, minutes: number): Promise<string> {
  const { id } = await db
    .insertInto('deliveries')
    .values({
      source: 'test',
      key: randomUUID(),
      topic,
      payload: JSON.stringify({ to: 'ada@example.com', first_name: 'Ada', text: 'Hello' }),
      status,
      created_at: monthsAgo(months, minutes),
      // Still being delivered: a slow retry due tomorrow (the channels' sweepers leave it be).
      ...(status === 'waiting' ? { retry_at: sql<Date>`now() + interval '1 day'` } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

const remaining = async (db: Db) => (await db.selectFrom('deliveries').select('id').execute()).map((r) => r.id).sort()

t.test('messages, e-mails and texts past the period are purged once settled; newer ones stay; each purge is audited', async (t) => {
  const { app, db, config } = await build(t)
  t.equal(config.RETENTION_MONTHS, 24, 'two years by default')
  const kept = [
    await delivery(db, 'message', 'local', 24, 1),
    await delivery(db, 'email', 'delivered', 24, 1),
    await delivery(db, 'text', 'local', 24, 1),
    // Still being delivered: not done with, however old.
    await delivery(db, 'message', 'waiting', 30, 0),
    await delivery(db, 'email', 'waiting', 30, 0),
    // Provider calls are not covered.
    await delivery(db, 'contact', 'delivered', 30, 0),
  ]
  await delivery(db, 'message', 'local', 24, -1)
  await delivery(db, 'message', 'delivered', 25, 0)
  await delivery(db, 'email', 'delivered', 24, -1)
  await delivery(db, 'email', 'failed', 24, -1)
  await delivery(db, 'email', 'local', 36, 0)
  await delivery(db, 'text', 'delivered', 24, -1)

  t.match(await app.retention!.runIfDue(), [
    { kind: 'message', removed: 2 },
    { kind: 'email', removed: 3 },
    { kind: 'text', removed: 1 },
  ])
  t.same(await remaining(db), kept.sort(), 'only settled messages, e-mails and texts older than 24 months are gone')
  const records = await purgeRecords(db)
  t.match(records, [
    { service: 'messaging-sync', actor_id: null, actor_role: 'system', record_kind: 'message', detail: /^2 removed: created before .*\(kept 24 months\)$/ },
    { service: 'messaging-sync', actor_id: null, actor_role: 'system', record_kind: 'email', detail: /^3 removed: created before .*\(kept 24 months\)$/ },
    { service: 'messaging-sync', actor_id: null, actor_role: 'system', record_kind: 'text', detail: /^1 removed: created before .*\(kept 24 months\)$/ },
  ])
  t.equal(records.length, 3, 'one audit record per kind')
})

t.test('RETENTION_MONTHS sets the period', async (t) => {
  const { app, db } = await build(t, await testConfig(t, { RETENTION_MONTHS: '3' }))
  const kept = await delivery(db, 'email', 'delivered', 3, 1)
  await delivery(db, 'email', 'delivered', 3, -1)
  t.match(await app.retention!.runIfDue(), [{ kind: 'message', removed: 0 }, { kind: 'email', removed: 1 }])
  t.same(await remaining(db), [kept])
})

t.test('three replicas sweeping at once purge once and write one audit record per kind', async (t) => {
  const config = await testConfig(t)
  const first = await build(t, config)
  const replicas = [first.app, (await build(t, config)).app, (await build(t, config)).app]
  await delivery(first.db, 'message', 'local', 24, -1)
  await delivery(first.db, 'email', 'delivered', 24, -1)

  t.equal(await sweepTogether(replicas), 1, 'one replica ran the purge')
  t.same(await remaining(first.db), [])
  t.match(await purgeRecords(first.db), [
    { record_kind: 'message', detail: /^1 removed/ },
    { record_kind: 'email', detail: /^1 removed/ },
    { record_kind: 'text', detail: /^0 removed/ },
  ])
  t.equal((await purgeRecords(first.db)).length, 3, 'one audit record per kind')
  t.equal(await sweepTogether(replicas), 0, 'within the sweep period, no replica sweeps again')
})
