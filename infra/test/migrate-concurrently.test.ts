import { spawn } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import t from 'tap'
import { REPO_ROOT, SERVICES } from '../src/launcher/paths.js'
import { freshDatabase } from '../src/testing/index.js'

/** One run of a service's built migrate entry point (what its init container runs). */
function migrate(dir: string, databaseUrl: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, dir, 'dist/migrate.js')], { env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl } })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d))
    child.stderr.on('data', (d: Buffer) => (out += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out: out.trim() }))
  })
}

t.test('two replicas\' init containers migrating one empty database at once both succeed, and the schema is complete', async (t) => {
  const url = await freshDatabase(t)
  for (const service of SERVICES) {
    const [a, b] = await Promise.all([migrate(service.dir, url), migrate(service.dir, url)])
    t.equal(a.code, 0, `${service.name} first: ${a.out}`)
    t.equal(b.code, 0, `${service.name} second: ${b.out}`)
    const applied = [a.out, b.out].filter((o) => / applied /.test(o))
    t.equal(applied.length, 1, `${service.name}: one of them applied the migrations, the other found them done`)
    const again = await migrate(service.dir, url)
    t.match(again.out, /: up to date$/, `${service.name}: a later pod finds nothing to do`)
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  t.teardown(() => client.end())
  const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`)
  t.equal(rows[0]!.n, 0, 'no advisory lock left held')
})
