import { freshDatabase, monthsAgo, purgeRecords, testSigner } from '@hearing/infra/testing'
import { sql, type Kysely, type Migration } from 'kysely'
import t, { type Test } from 'tap'
import { auditTrailMigration } from '../src/audit/migration.js'
import { createDb, migrateToLatest } from '../src/db.js'
import { retentionSweep, type RetentionRule } from '../src/retention.js'
import { createService } from '../src/service.js'

interface Db {
  notes: { id: string; created_at: Date }
}

/** A service's tables as its migrations would make them: notes to purge, and scheduled_runs. */
const tables: Migration = {
  async up(db) {
    await sql`create table notes (id text primary key, created_at timestamptz not null)`.execute(db)
    await sql`create table scheduled_runs (job text primary key, last_run_at timestamptz not null)`.execute(db)
  },
}

async function database(t: Test) {
  const url = await freshDatabase(t)
  const db = createDb<Db>({ url, schema: 'kit_test', max: 4 })
  t.teardown(() => db.destroy())
  await migrateToLatest(db, 'kit_test', { '2026-11-25T1900-audit-trail': auditTrailMigration, '2026-11-26T0200-tables': tables })
  return { url, db }
}

const note = (db: Kysely<Db>, id: string, months: number, minutes: number) => db.insertInto('notes').values({ id, created_at: monthsAgo(months, minutes) }).execute()
const notes = async (db: Kysely<Db>) => (await db.selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id)
const notesRule: RetentionRule<Db> = {
  kind: 'note',
  months: 6,
  async purge(trx, cutoff) {
    return Number((await trx.deleteFrom('notes').where('created_at', '<', cutoff).executeTakeFirst()).numDeletedRows)
  },
}

t.test('a sweep purges what is past its period, records it, and runs once a period', async (t) => {
  const { db } = await database(t)
  await note(db, 'inside', 6, 1)
  await note(db, 'past', 6, -1)
  const sweep = retentionSweep(db, 'kit-test', { rules: [notesRule], everyHours: 24 })

  t.match(await sweep.runIfDue(), [{ kind: 'note', removed: 1, cutoff: Date }])
  t.same(await notes(db), ['inside'])
  t.match(await purgeRecords(db), [{ service: 'kit-test', actor_id: null, actor_role: 'system', record_kind: 'note', detail: /^1 removed: created before \S+Z \(kept 6 months\)$/ }])

  await note(db, 'later', 7, 0)
  t.equal(await sweep.runIfDue(), undefined, 'not due again within the period')
  t.same(await notes(db), ['inside', 'later'])
  await sql`update scheduled_runs set last_run_at = last_run_at - interval '24 hours'`.execute(db)
  t.match(await sweep.runIfDue(), [{ kind: 'note', removed: 1 }], 'due once the period has passed')
  t.equal((await purgeRecords(db)).length, 2)
})

t.test('a sweep that fails gives its claim back: nothing purged, nothing recorded, and the next look runs it', async (t) => {
  const { db } = await database(t)
  await note(db, 'past', 6, -1)
  const failing = retentionSweep(db, 'kit-test', { rules: [notesRule, { kind: 'broken', months: 1, purge: () => Promise.reject(new Error('disk full')) }], everyHours: 24 })
  await t.rejects(failing.runIfDue(), /disk full/)
  t.same(await notes(db), ['past'], 'the first rule\'s purge rolled back with it')
  t.same(await purgeRecords(db), [], 'and its audit record')
  t.match(await retentionSweep(db, 'kit-test', { rules: [notesRule], everyHours: 24 }).runIfDue(), [{ kind: 'note', removed: 1 }])
})

t.test('a service built with retention sweeps by itself when ready, and app.retention is null without it', async (t) => {
  const { url, db } = await database(t)
  await note(db, 'past', 6, -1)
  const signer = await testSigner()
  const config = { LOG_LEVEL: 'silent' as const, DATABASE_URL: url, INTERNAL_TOKEN: 'i'.repeat(40), JWT_ISSUER: 'hearing-care-identity', JWT_AUDIENCE: 'hearing-care-api' }
  const options = { schema: 'kit_test', migrations: {}, jwks: signer.keySet, sessionCheck: async () => ({ active: true, role: 'staff' as const }) }
  const app = await createService<Db>(config, { ...options, name: 'kit-test', retention: { rules: [notesRule], everyHours: 24 } })
  const without = await createService<Db>(config, { ...options, name: 'kit-plain' })
  t.equal(without.retention, null)
  await without.close()

  await app.ready()
  // The first look runs on ready, in the background: wait for what it does.
  for (const deadline = Date.now() + 10_000; (await notes(db)).length > 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50))
  t.same(await notes(db), [])
  await app.close()
  t.match(await purgeRecords(db), [{ service: 'kit-test', record_kind: 'note', detail: /^1 removed/ }], 'recorded, in the same transaction')
})
