import { execFile, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import t, { type Test } from 'tap'
import { backupKey, verifyBackup } from '../src/backup/envelope.js'
import { runningClusterUrl } from '../src/backup/source.js'
import { REPO_ROOT } from '../src/launcher/paths.js'
import { freePort, freshDatabase, startLocalPostgres } from '../src/testing/index.js'
import { stackFixture } from './support/stack.js'

const run = promisify(execFile)

/** `npm run backup` / `npm run restore` as a person runs them: exit code and what they print. */
async function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(REPO_ROOT, 'infra/dist/backup/cli.js'), ...args], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, ...env } })
    return { code: 0, output: stdout + stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, output: e.stdout + e.stderr }
  }
}

/** Rows per table of every schema but PostgreSQL's own. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows: tables } = await client.query<{ s: string; n: string }>(
      "SELECT table_schema AS s, table_name AS n FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2",
    )
    const counts: Record<string, number> = {}
    for (const { s, n } of tables) {
      const { rows } = await client.query<{ c: string }>(`SELECT count(*) AS c FROM ${client.escapeIdentifier(s)}.${client.escapeIdentifier(n)}`)
      counts[`${s}.${n}`] = Number(rows[0]!.c)
    }
    return counts
  } finally {
    await client.end()
  }
}

/** The counts once nothing changes any more (the services finish their queued work after each request). */
async function settledCounts(url: string): Promise<Record<string, number>> {
  let last = JSON.stringify(await rowCounts(url))
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, 500))
    const now = JSON.stringify(await rowCounts(url))
    if (now === last) return JSON.parse(now) as Record<string, number>
    last = now
  }
  throw new Error('the row counts kept changing')
}

async function post(base: string, route: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })
}

/** Data in every service, through the gateway as the site's visitors make it. */
async function fillEveryService(t: Test, base: string): Promise<void> {
  const locations = (await (await fetch(`${base}/api/messaging/locations`)).json()) as Array<{ uid: string }>
  const location = locations[0]!.uid
  const person = { first_name: 'Rosa', last_name: 'Whitfield', phone: '(770) 555-0142' }
  // identity (and messaging's e-mails): an account
  t.equal((await post(base, '/api/identity/sign-up', { ...person, email: 'rosa@example.com', password: 'Quiet-Meadow-Compass-81', preferred_location_uid: location })).status, 201, 'signed up')
  // messaging: a contact message
  t.equal((await post(base, '/api/messaging/contact', { ...person, location_uid: location, message: 'Can I bring my hearing aids for a check?' })).status, 202, 'contact message sent')
  // content: analytics
  t.equal((await post(base, '/api/content/events', { type: 'page_view', route: '/about', path: '/about' })).status, 202, 'page view counted')
  // catalogue: an order request
  const { products } = (await (await fetch(`${base}/api/catalogue/products`)).json()) as { products: Array<{ id: string }> }
  t.equal((await post(base, '/api/catalogue/orders', { ...person, email: 'rosa@example.com', location_uid: location, items: [{ id: products[0]!.id, quantity: 1 }] })).status, 201, 'order requested')
  // scheduling: a booking at the first free time of the coming weeks
  const types = (await (await fetch(`${base}/api/scheduling/appointment-types?location_uid=${location}`)).json()) as Array<{ id: string }>
  for (let day = 3; day < 30; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10)
    if ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) continue
    const query = new URLSearchParams({ location_uid: location, appointment_type_id: types[0]!.id, date })
    const free = await fetch(`${base}/api/scheduling/availability?${query}`)
    t.equal(free.status, 200, `free times of ${date}`)
    const { times } = (await free.json()) as { times: Array<{ time: string }> }
    if (!times.length) continue
    const booking = { ...person, email: 'rosa@example.com', location, appointment_type_id: types[0]!.id, date, time: times[0]!.time, address_line1: '12 Lakeview Drive', city: 'Dawsonville', state: 'GA', zip_code: '30534' }
    const res = await post(base, '/api/scheduling/bookings', booking)
    t.equal(res.status, 201, `booked: ${await res.text()}`)
    return
  }
  t.fail('no free time to book in the coming month')
}

t.test('backup of a running stack, wiped, restored into an empty data directory: every row is back; the nightly backup runs and prunes', async (t) => {
  // The nightly backup every 2 s instead, keeping 2.
  const { dataDir, port, start } = await stackFixture(t, 'backup', { BACKUP_INTERVAL_SECONDS: '2', BACKUP_KEEP: '2' })
  const base = `http://127.0.0.1:${port}`
  const stack = await start()
  t.match(stack.output(), /Backups: every 2 s into .*backups, keeping the last 2/, 'the banner says when backups are taken')
  await fillEveryService(t, base)

  const pgDir = path.join(dataDir, 'postgres')
  const before = await settledCounts(runningClusterUrl(pgDir))
  const filled = Object.entries(before).filter(([, n]) => n > 0).map(([table]) => table.split('.')[0])
  t.same([...new Set(filled)].sort(), ['audit', 'catalogue', 'content', 'identity', 'launcher', 'messaging', 'scheduling'], 'every service has rows (the launcher its preparation stamp, the audit trail the retention sweeps of the first start)')

  const elsewhere = mkdtempSync(path.join(tmpdir(), 'hc-backups-'))
  t.teardown(() => rmSync(elsewhere, { recursive: true, force: true }))
  const taken = await cli({ DATA_DIR: dataDir }, 'backup', elsewhere)
  t.equal(taken.code, 0, taken.output)
  const file = path.join(elsewhere, readdirSync(elsewhere).find((n) => n.endsWith('.hcbackup'))!)
  t.same(await rowCounts(runningClusterUrl(pgDir)), before, 'nothing changed while the backup was taken')
  const secret = readFileSync(path.join(dataDir, 'backup-key'), 'utf8').trim()

  const refused = await cli({ DATA_DIR: dataDir }, 'restore', file)
  t.not(refused.code, 0)
  t.match(refused.output, /is running: stop it/, 'no restore while the stack runs')

  // The nightly backup: written by the running stack, the oldest removed beyond BACKUP_KEEP.
  const nightly = path.join(dataDir, 'backups')
  const deadline = Date.now() + 90_000
  while ((stack.output().match(/Backup written:/g) ?? []).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
  t.ok((stack.output().match(/Backup written:/g) ?? []).length >= 3, 'three scheduled backups written')
  const kept = readdirSync(nightly).filter((n) => n.endsWith('.hcbackup'))
  t.equal(kept.length, 2, 'the last two kept')
  t.equal(await verifyBackup(path.join(nightly, kept.at(-1)!), backupKey(secret)), 'cluster', 'a scheduled backup reads back with the key')

  stack.child.kill('SIGTERM')
  t.equal(await stack.exited, 0, 'the stack stopped')

  // Wipe: an empty data directory, the key given from where it was kept.
  rmSync(dataDir, { recursive: true, force: true })
  const restored = await cli({ DATA_DIR: dataDir, BACKUP_KEY: secret }, 'restore', file)
  t.equal(restored.code, 0, restored.output)
  const server = await startLocalPostgres({ dataDir: pgDir, port: await freePort() })
  try {
    t.same(await rowCounts(server.url), before, 'every table of every schema has its rows back')
  } finally {
    await server.stop()
  }

  // And the restored stack works: the account signs in (identity's keys unsealed with the restored secret).
  const again = await start()
  const signIn = await post(base, '/api/identity/sign-in', { email: 'rosa@example.com', password: 'Quiet-Meadow-Compass-81' })
  t.equal(signIn.status, 403, 'the restored account is there (still to be confirmed)')
  again.child.kill('SIGTERM')
  await again.exited
})

t.test('a changed backup file, or another key, is refused before anything is touched', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hc-restore-refused-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const { writeEncrypted } = await import('../src/backup/envelope.js')
  const { Readable } = await import('node:stream')
  const key = 'k'.repeat(43)
  const file = path.join(dir, 'backup.hcbackup')
  await writeEncrypted(Readable.from([Buffer.from('a'.repeat(10_000))]), file, backupKey(key), 'cluster')
  const dataDir = path.join(dir, 'data')

  const wrongKey = await cli({ DATA_DIR: dataDir, BACKUP_KEY: 'w'.repeat(43) }, 'restore', file)
  t.not(wrongKey.code, 0)
  t.match(wrongKey.output, /could not be decrypted: it was changed, or the backup key is not the one it was made with/)

  const bytes = readFileSync(file)
  bytes.writeUInt8(bytes.readUInt8(bytes.length - 100) ^ 1, bytes.length - 100)
  const tampered = path.join(dir, 'tampered.hcbackup')
  writeFileSync(tampered, bytes)
  const changed = await cli({ DATA_DIR: dataDir, BACKUP_KEY: key }, 'restore', tampered)
  t.not(changed.code, 0)
  t.match(changed.output, /could not be decrypted/)

  const noKey = await cli({ DATA_DIR: dataDir }, 'restore', file)
  t.match(noKey.output, /No backup key: set BACKUP_KEY/, 'no key is generated for a restore')
  t.same(readdirSync(dataDir).filter((n) => n !== 'launcher.pid'), [], 'nothing written into the data directory')
})

/** pg_dump's major version, or undefined when it is not installed. */
function pgDumpMajor(): number | undefined {
  const out = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' })
  return out.status === 0 ? Number(/(\d+)\.\d+/.exec(out.stdout)?.[1]) : undefined
}

t.test('with DATABASE_URL: pg_dump into the same encrypted file, pg_restore back; the CronJob\'s seal and unseal', async (t) => {
  const url = await freshDatabase(t)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  t.teardown(() => client.end())
  const server = Number((await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v")).rows[0]!.v.slice(0, -4))
  const tools = pgDumpMajor()
  if (!tools || tools < server) return t.plan(0, `needs pg_dump ${server} or newer on PATH (found ${tools ?? 'none'})`)

  await client.query('CREATE SCHEMA shop; CREATE TABLE shop.orders (id serial PRIMARY KEY, item text NOT NULL)')
  await client.query("INSERT INTO shop.orders (item) SELECT 'aid ' || n FROM generate_series(1, 250) AS n")
  const dir = mkdtempSync(path.join(tmpdir(), 'hc-pgdump-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const env = { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: url, BACKUP_KEY: 'b'.repeat(43), BACKUP_DIR: path.join(dir, 'backups') }

  const taken = await cli(env, 'backup')
  t.equal(taken.code, 0, taken.output)
  const file = path.join(dir, 'backups', readdirSync(path.join(dir, 'backups'))[0]!)
  t.equal(await verifyBackup(file, backupKey(env.BACKUP_KEY)), 'pg_dump')

  await client.query("DELETE FROM shop.orders WHERE id > 10; INSERT INTO shop.orders (item) VALUES ('after the backup')")
  const restored = await cli(env, 'restore', file)
  t.equal(restored.code, 0, restored.output)
  const { rows } = await client.query<{ n: string; last: string }>('SELECT count(*) AS n, max(item) AS last FROM shop.orders')
  t.same(rows[0], { n: '250', last: 'aid 99' }, 'the table as it was at the backup')

  // The CronJob: pg_dump in PostgreSQL's image, sealed by ours; unsealed again for pg_restore.
  const dump = path.join(dir, 'plain.dump')
  t.equal(spawnSync('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${url}`]).status, 0)
  const sealed = await run(process.execPath, [path.join(REPO_ROOT, 'infra/dist/backup/seal.js'), dump], { env: { PATH: process.env.PATH, BACKUP_DIR: env.BACKUP_DIR, BACKUP_KEY: env.BACKUP_KEY, BACKUP_KEEP: '1' } })
  t.match(sealed.stdout, /Backup written: .*\.hcbackup\n.*Removed the older backup/s, 'sealed into the folder, the oldest beyond BACKUP_KEEP removed')
  const newest = readdirSync(path.join(dir, 'backups')).sort().at(-1)!
  t.equal(await cli(env, 'unseal', path.join(dir, 'backups', newest), path.join(dir, 'back.dump')).then((r) => r.code), 0)
  t.ok(readFileSync(path.join(dir, 'back.dump')).equals(readFileSync(dump)), 'unsealed byte for byte')
})
