import { freshDatabase } from '@hearing/infra/testing'
import { sql } from 'kysely'
import t from 'tap'
import { createDb, migrateToLatest, type Migrations } from '../src/db.js'

const migrations: Migrations = {
  '2026-01-01T0000-notes': {
    async up(db) {
      await db.schema.createTable('notes').addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('body', 'text').execute()
    },
  },
}

t.test('migrations run once, in the service schema, and are idempotent', async (t) => {
  const url = await freshDatabase(t)
  const db = createDb<{ notes: { id: number; body: string } }>({ url, schema: 'kit_notes' })
  t.teardown(() => db.destroy())
  t.same(await migrateToLatest(db, 'kit_notes', migrations), { executed: ['2026-01-01T0000-notes'] })
  await db.insertInto('notes').values({ body: 'kept' } as never).execute()
  t.same(await migrateToLatest(db, 'kit_notes', migrations), { executed: [] }, 'second run does nothing')
  const { rows } = await sql<{ table_schema: string }>`select table_schema from information_schema.tables where table_name = 'notes'`.execute(db)
  t.same(rows, [{ table_schema: 'kit_notes' }], 'the table lives in the service schema')
  t.equal((await db.selectFrom('notes').selectAll().execute()).length, 1, 'data survives')
})

t.test('a failing migration is reported by name', async (t) => {
  const url = await freshDatabase(t)
  const db = createDb({ url, schema: 'kit_bad' })
  t.teardown(() => db.destroy())
  const bad: Migrations = { '2026-01-02T0000-broken': { up: async (db) => void (await sql`select * from nowhere`.execute(db)) } }
  await t.rejects(migrateToLatest(db, 'kit_bad', bad), /migration 2026-01-02T0000-broken of schema kit_bad failed/)
})

t.test('schema names are checked', async (t) => {
  t.throws(() => createDb({ url: 'postgres://x@127.0.0.1/x', schema: 'a; drop table x' }), /invalid schema name/)
})
