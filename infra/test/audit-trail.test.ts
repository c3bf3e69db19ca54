import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { auditTrailMigration, createAuditTrail, createDb, migrateToLatest, verifyAuditChain, type AuditEntry } from '@hearing/service-kit'
import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely } from 'kysely'
import t, { type Test } from 'tap'
import { freshDatabase } from '../src/testing/index.js'

/** Records that fail to be written are logged here; these tests expect none. */
const silent = { error: (...args: unknown[]) => t.fail(`audit write failed: ${JSON.stringify(args)}`) } as unknown as FastifyBaseLogger

const CLI = fileURLToPath(new URL('../dist/audit/verify-cli.js', import.meta.url))
const run = promisify(execFile)

const entry = (i: number): AuditEntry => ({
  actorId: `staff-${i % 3}`,
  actorRole: 'staff',
  action: 'user.read',
  recordKind: 'user',
  recordId: `patient-${i}`,
  patientId: `patient-${i}`,
  address: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Ünïcode | test)',
  outcome: 200,
  detail: i % 2 ? null : '',
})

/** A database with the audit trail, as a service's migration leaves it. */
async function auditedDatabase(t: Test) {
  const url = await freshDatabase(t)
  const db = createDb<unknown>({ url, schema: 'svc_a', max: 4 })
  t.teardown(() => db.destroy())
  await migrateToLatest(db, 'svc_a', { '2026-11-25T1900-audit-trail': auditTrailMigration })
  // A second service applies it too: nothing changes, nothing fails.
  const other = createDb<unknown>({ url, schema: 'svc_b', max: 1 })
  await migrateToLatest(other, 'svc_b', { '2026-11-25T1900-audit-trail': auditTrailMigration })
  await other.destroy()
  return { url, db }
}

const refused = async (db: Kysely<unknown>, statement: ReturnType<typeof sql>) => statement.execute(db).then(() => 'done', (err: Error) => err.message)

t.test('records written concurrently form one unbroken chain; nobody may change or remove them', async (t) => {
  const { db } = await auditedDatabase(t)
  const trail = createAuditTrail(db, 'svc_a', silent)
  await Promise.all(Array.from({ length: 40 }, (_, i) => trail.record(entry(i))))
  const { rows } = await sql<{ seq: string }>`select seq::text as seq from audit.events order by events.seq`.execute(db)
  t.same(rows.map((r) => r.seq), Array.from({ length: 40 }, (_, i) => String(i + 1)), 'numbered 1 to 40 without gaps')
  t.same(await verifyAuditChain(db), { checked: 40, problems: [] }, 'the chain verifies')

  // Even the table's owner (here a superuser) is refused by the trigger.
  t.match(await refused(db, sql`update audit.events set patient_id = 'someone-else' where seq = 3`), /cannot be changed or removed/)
  t.match(await refused(db, sql`delete from audit.events where seq = 3`), /cannot be changed or removed/)
  t.match(await refused(db, sql`truncate audit.events`), /cannot be changed or removed/)
  t.same(await verifyAuditChain(db), { checked: 40, problems: [] }, 'all 40 still there, unchanged')
})

t.test("a service's database role may insert only: its UPDATE, DELETE and SELECT are refused", async (t) => {
  const { url, db } = await auditedDatabase(t)
  const role = `svc_${randomBytes(4).toString('hex')}`
  const password = randomBytes(12).toString('hex')
  // What production grants a service's login role: its own schema, and audit_writer.
  await sql.raw(`create role ${role} login password '${password}' in role audit_writer`).execute(db)
  t.teardown(async () => {
    const admin = createDb<unknown>({ url, schema: 'public', max: 1 })
    await sql.raw(`drop owned by ${role}; drop role if exists ${role}`).execute(admin).catch(() => undefined)
    await admin.destroy()
  })
  const asService = new URL(url)
  asService.username = role
  asService.password = password
  const service = createDb<unknown>({ url: asService.toString(), schema: 'svc_a', max: 1 })
  t.teardown(() => service.destroy())

  const trail = createAuditTrail(service, 'svc_a', silent)
  await trail.record(entry(1))
  await trail.record(entry(2))
  t.same(await verifyAuditChain(db), { checked: 2, problems: [] }, 'its records are written and chained')
  t.match(await refused(service, sql`update audit.events set outcome = 200`), /permission denied/)
  t.match(await refused(service, sql`delete from audit.events`), /permission denied/)
  t.match(await refused(service, sql`truncate audit.events`), /permission denied/)
  t.match(await refused(service, sql`select * from audit.events`), /permission denied/, 'nor may it read the trail')
})

t.test('the verify command finds a tampered record, and one removed', async (t) => {
  const { url, db } = await auditedDatabase(t)
  const trail = createAuditTrail(db, 'svc_a', silent)
  for (let i = 0; i < 5; i++) await trail.record(entry(i))
  const env = { PATH: process.env.PATH, DATABASE_URL: url }
  const intact = await run(process.execPath, [CLI], { env })
  t.match(intact.stdout, /Audit trail intact: 5 records/)

  // Someone with the owner's powers turns the guard off and edits a record.
  await sql`alter table audit.events disable trigger events_unchangeable`.execute(db)
  await sql`update audit.events set actor_id = 'someone-else' where seq = 2`.execute(db)
  await sql`delete from audit.events where seq = 4`.execute(db)
  await sql`alter table audit.events enable trigger events_unchangeable`.execute(db)

  const broken = await run(process.execPath, [CLI], { env }).then(
    () => ({ code: 0, stdout: '' }),
    (err: { code: number; stdout: string }) => err,
  )
  t.equal(broken.code, 1, 'exit status 1')
  t.match(broken.stdout, /record 2: its content does not match its hash/)
  t.match(broken.stdout, /record 5: records 4 to 4 are missing/)
})
