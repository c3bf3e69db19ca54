import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { createDb, type Migrations } from '@hearing/service-kit'
import pg from 'pg'
import t from 'tap'
import { REPO_ROOT } from '../src/launcher/paths.js'
import { freshDatabase, testPostgresUrl } from '../src/testing/index.js'
import { migratedTemplate, templateName } from '../src/testing/templates.js'

/** A schema of this test run's own, so runs never share its template. */
const schema = `tpl_check_${randomBytes(4).toString('hex')}`
let runs = 0
const notes: Migrations = {
  '2026-01-01T0000-notes': {
    async up(db) {
      runs++
      await db.schema.createTable('notes').addColumn('body', 'text').execute()
    },
  },
}

async function tables(url: string): Promise<string[]> {
  const db = createDb({ url, schema, max: 1 })
  try {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${schema} order by 1`.execute(db)
    return rows.map((r) => r.name)
  } finally {
    await db.destroy()
  }
}

t.test('test databases are copies of one migrated template per migration set, made once even when processes race', async (t) => {
  const server = await testPostgresUrl()
  // Two spellings of the same server: two "processes" that both find no template yet.
  const other = `${server}${server.includes('?') ? '&' : '?'}application_name=racer`
  const [a, b] = await Promise.all([migratedTemplate(server, { schema, migrations: notes }), migratedTemplate(other, { schema, migrations: notes })])
  t.equal(a, b, 'both get the same template')
  t.equal(runs, 1, 'the migrations ran once')

  const first = await freshDatabase(t, { schema, migrations: notes })
  const second = await freshDatabase(t, { schema, migrations: notes })
  t.not(first, second, 'each test has a database of its own')
  t.same(await tables(first), ['kysely_migration', 'kysely_migration_lock', 'notes'], 'a copy is migrated')
  t.equal(runs, 1, 'copies run no migration')

  const changed: Migrations = { ...notes, '2026-01-02T0000-tags': { up: async (db) => void (await db.schema.createTable('tags').addColumn('name', 'text').execute()) } }
  t.not(templateName({ schema, migrations: changed }), a, 'another migration set has a template of its own')
  t.same(await tables(await freshDatabase(t, { schema, migrations: changed })), ['kysely_migration', 'kysely_migration_lock', 'notes', 'tags'])

  const admin = createDb({ url: server, schema: 'public', max: 1 })
  t.teardown(async () => {
    for (const name of [a, templateName({ schema, migrations: changed })]) {
      await sql`alter database ${sql.id(name)} is_template false`.execute(admin)
      await sql`drop database ${sql.id(name)}`.execute(admin)
    }
    await admin.destroy()
  })
})

t.test("a checkout's templates left unused for an hour are dropped when it makes or uses another; others' and recent ones stay", async (t) => {
  const server = await testPostgresUrl()
  const ownSchema = `tpl_sweep_${randomBytes(4).toString('hex')}`
  const version = (n: number): Migrations => ({ [`2026-01-0${n}T0000-v${n}`]: { up: async (db) => void (await db.schema.createTable(`t${n}`).addColumn('x', 'text').execute()) } })
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  const templates = async () =>
    (await admin.query<{ name: string }>('select datname as name from pg_database where datname like $1 order by 1', [`tpl_${ownSchema}_%`])).rows.map((r) => r.name)
  const note = async (name: string, owner: string, usedAt: Date) =>
    admin.query(`comment on database ${name} is ${admin.escapeLiteral(JSON.stringify({ owner, usedAt: usedAt.toISOString() }))}`)
  t.teardown(async () => {
    for (const name of await templates()) {
      await admin.query(`alter database ${name} is_template false`)
      await admin.query(`drop database ${name}`)
    }
    await admin.end()
  })

  const [ourOld, theirsOld, ourRecent] = [
    await migratedTemplate(server, { schema: ownSchema, migrations: version(1) }),
    await migratedTemplate(server, { schema: ownSchema, migrations: version(2) }),
    await migratedTemplate(server, { schema: ownSchema, migrations: version(3) }),
  ]
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
  await note(ourOld, REPO_ROOT, twoHoursAgo)
  await note(theirsOld, '/another/checkout', twoHoursAgo)
  const current = await migratedTemplate(server, { schema: ownSchema, migrations: version(4) })

  t.same(await templates(), [theirsOld, ourRecent, current].sort(), "this checkout's template unused for two hours is gone; another checkout's and a recently used one stay")
  const { rows } = await admin.query<{ comment: string }>('select shobj_description(oid, $2) as comment from pg_database where datname = $1', [current, 'pg_database'])
  t.match(JSON.parse(rows[0]!.comment), { owner: REPO_ROOT }, 'a template notes the checkout that made it')
})
