import { assertMigrationsRoundTrip, testSigner } from '@hearing/infra/testing'
import { Migrator, sql } from 'kysely'
import t from 'tap'
import { buildApp, SCHEMA } from '../src/app.js'
import { migrations } from '../src/migrations/index.js'
import { migrate, testConfig } from './helper.js'

t.test("this release's migrations roll back and forward (a release can be undone)", async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  const app = await buildApp(config, { logLevel: false, jwks: (await testSigner()).keySet, background: false })
  t.teardown(() => app.close())
  const db = app.db
  const migrator = new Migrator({ db, migrationTableSchema: SCHEMA, provider: { getMigrations: async () => migrations } })
  const columns = async (table: string) =>
    (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = ${SCHEMA} and table_name = ${table}`.execute(db)).rows.map((r) => r.name)

  const undone: string[] = []
  for (let i = 0; i < 7; i++) {
    const { error, results } = await migrator.migrateDown()
    t.equal(error, undefined)
    undone.push(...(results ?? []).map((r) => r.migrationName))
  }
  t.same(undone, ['2026-12-02T0200-pending-requests-index', '2026-12-02T0100-calendar-sequence', '2026-11-27T1400-appointment-language', '2026-11-26T0610-cancel-tokens', '2026-11-26T0600-outbox-delivery-status', '2026-11-26T0500-hearing-self-check', '2026-11-26T0300-patient-email-index'])
  t.ok((await columns('appointments')).includes('cancel_token_hash'), 'the single cancel link column is back')
  t.notOk((await columns('appointments')).includes('hearing_check_score'))
  t.notOk((await columns('outbox')).includes('delivery_status'))
  t.notOk((await columns('appointments')).includes('language'))
  t.notOk((await columns('appointments')).includes('calendar_sequence'))

  t.equal((await migrator.migrateToLatest()).error, undefined)
  t.notOk((await columns('appointments')).includes('cancel_token_hash'), 'and forward again')
  t.ok((await columns('outbox')).includes('delivery_status'))
  t.ok((await columns('appointments')).includes('language'))
  t.ok((await columns('appointments')).includes('calendar_sequence'))
})

t.test('every migration rolls back, and forward again to the same tables and columns', async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  await assertMigrationsRoundTrip(t, config.DATABASE_URL, SCHEMA, migrations)
})
