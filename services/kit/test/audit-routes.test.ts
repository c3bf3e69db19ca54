import { freshDatabase, testSigner } from '@hearing/infra/testing'
import { sql } from 'kysely'
import t, { type Test } from 'tap'
import { z } from 'zod'
import { auditTrailMigration } from '../src/audit/migration.js'
import { verifyAuditChain } from '../src/audit/verify.js'
import { createDb, migrateToLatest } from '../src/db.js'
import { createFastify } from '../src/fastify.js'
import serviceKit from '../src/plugin.js'

/** A service with three audited routes, on a database that has the audit trail. */
async function build(t: Test) {
  const databaseUrl = await freshDatabase(t)
  const migrator = createDb({ url: databaseUrl, schema: 'kit_test', max: 1 })
  await migrateToLatest(migrator, 'kit_test', { '2026-11-25T1900-audit-trail': auditTrailMigration })
  await migrator.destroy()
  const signer = await testSigner()
  const app = createFastify({ name: 'kit-test', logLevel: false })
  await app.register(serviceKit, {
    schema: 'kit_test',
    name: 'kit-test',
    databaseUrl,
    internalToken: 'i'.repeat(40),
    auth: { jwks: signer.keySet, issuer: 'hearing-care-identity', audience: 'hearing-care-api' },
    sessions: async (user) => ({ active: true, role: user.role }),
  })
  const staff = app.requireRole('staff', 'admin')
  const id = { params: z.object({ id: z.string().max(100) }) }
  app.get('/admin/users/:id', { preHandler: staff, config: { audit: { action: 'user.read', kind: 'user', recordIsPatient: true } }, schema: id }, async (req) => ({ id: req.params.id }))
  app.post('/admin/appointments/:id/confirm', { preHandler: staff, config: { audit: { action: 'appointment.confirm', kind: 'appointment' } }, schema: id }, async (req) => {
    req.auditFacts.patientId = 'patient-7'
    return { ok: true }
  })
  app.get('/public', async () => ({ ok: true }))
  t.teardown(() => app.close())
  // The app's own pool, typed for raw SQL here (the kit's app type knows no service's tables).
  const db = (app as unknown as { db: Parameters<typeof verifyAuditChain>[0] }).db
  const events = async () => {
    await app.audit.settled()
    const { rows } = await sql<Record<string, unknown>>`select service, actor_id, actor_role, action, record_kind, record_id, patient_id, address, user_agent, outcome from audit.events order by events.seq`.execute(db)
    return rows
  }
  return { app, db, signer, events }
}

t.test('a declared route is recorded after its response: who, what, the patient, from where, the outcome', async (t) => {
  const { app, db, signer, events } = await build(t)
  const staff = { authorization: `Bearer ${await signer.sign({ sub: 'staff-1', role: 'staff' })}`, 'user-agent': 'Front desk PC', 'x-forwarded-for': '203.0.113.5' }
  const customer = { authorization: `Bearer ${await signer.sign({ sub: 'customer-1', role: 'customer' })}` }
  t.equal((await app.inject({ method: 'GET', url: '/admin/users/patient-3', headers: staff })).statusCode, 200)
  t.equal((await app.inject({ method: 'POST', url: '/admin/appointments/appt-9/confirm', headers: staff })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: '/admin/users/patient-3', headers: customer })).statusCode, 403)
  t.equal((await app.inject({ method: 'GET', url: '/admin/users/patient-3' })).statusCode, 401)
  t.equal((await app.inject({ method: 'GET', url: '/public', headers: staff })).statusCode, 200)
  // Records are written after each answer, so two may reach the chain in either order.
  const byWho = (rows: Array<Record<string, unknown>>) => [...rows].sort((a, b) => `${a.actor_id} ${a.action}`.localeCompare(`${b.actor_id} ${b.action}`))
  t.same(byWho(await events()), byWho([
    { service: 'kit-test', actor_id: 'staff-1', actor_role: 'staff', action: 'user.read', record_kind: 'user', record_id: 'patient-3', patient_id: 'patient-3', address: '203.0.113.5', user_agent: 'Front desk PC', outcome: 200 },
    { service: 'kit-test', actor_id: 'staff-1', actor_role: 'staff', action: 'appointment.confirm', record_kind: 'appointment', record_id: 'appt-9', patient_id: 'patient-7', address: '203.0.113.5', user_agent: 'Front desk PC', outcome: 200 },
    { service: 'kit-test', actor_id: 'customer-1', actor_role: 'customer', action: 'user.read', record_kind: 'user', record_id: 'patient-3', patient_id: 'patient-3', address: '127.0.0.1', user_agent: 'lightMyRequest', outcome: 403 },
  ]), 'the refused attempt too; nothing for an anonymous caller or an undeclared route')
  t.same(await verifyAuditChain(db), { checked: 3, problems: [] }, 'chained')
  await sql`alter table audit.events disable trigger events_unchangeable`.execute(db)
  // The refusal's place in the chain depends on which record was written first.
  const { rows: [refusal] } = await sql<{ seq: string }>`select seq::text from audit.events where outcome = 403`.execute(db)
  await sql`update audit.events set outcome = 200 where seq = ${refusal!.seq}`.execute(db)
  t.same((await verifyAuditChain(db)).problems, [{ seq: refusal!.seq, problem: 'its content does not match its hash (altered)' }], 'a refusal rewritten as a success is found')
})
