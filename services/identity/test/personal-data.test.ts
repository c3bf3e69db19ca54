import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'kysely'
import t from 'tap'
import { resumeErasures } from '../src/personal-data/erasure.js'
import { personalDataServices } from '../src/personal-data/services.js'
import { bearer, build, confirmedUser, lastEmail, linkToken, makeRole, ORIGIN, post, signUpBody } from './helper.js'

/** The four services' internal routes, at http://…/<service>: records what they are asked, fails on demand. */
async function fakeServices(t: { teardown(fn: () => unknown): void }) {
  const calls: Array<{ service: string; action: string; subject: { user_id: string; emails: string[]; phones: string[] } }> = []
  const failing = new Set<string>()
  const body = async (req: IncomingMessage) => {
    let text = ''
    for await (const chunk of req) text += chunk
    return JSON.parse(text)
  }
  const server = createServer((req, res) => {
    void body(req).then((subject) => {
      const [, service, , , action] = req.url!.split('/')
      if (req.headers['x-internal-token'] === undefined) return res.writeHead(403).end()
      // messaging-sync also takes identity's outbox (e-mails): accepted, not recorded.
      if (!req.url!.includes('/internal/personal-data/')) return res.writeHead(202, { 'content-type': 'application/json' }).end('{}')
      calls.push({ service: service!, action: action!, subject })
      if (failing.has(service!)) return res.writeHead(503).end('{}')
      res.writeHead(200, { 'content-type': 'application/json' })
      if (action === 'export') return res.end(JSON.stringify({ service, sections: [{ key: 'things', title: 'Things', records: [{ service, email: service === 'scheduling' ? 'second.address@example.com' : null }] }] }))
      const kept = service === 'scheduling' ? [{ kind: 'visits', count: 2 }] : []
      res.end(JSON.stringify({ service, erased: 1, kept, found: { emails: service === 'scheduling' ? ['second.address@example.com'] : [], phones: [] } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise((resolve) => server.close(resolve)))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const urls = { SCHEDULING_INTERNAL_URL: `${base}/scheduling`, CATALOGUE_INTERNAL_URL: `${base}/catalogue`, CONTENT_INTERNAL_URL: `${base}/content`, MESSAGING_INTERNAL_URL: `${base}/messaging-sync` }
  return { calls, failing, urls }
}

t.test('a customer downloads their data from every service, then deletes the account through the e-mailed link; a failing service is retried', async (t) => {
  const fake = await fakeServices(t)
  const { app, db, config } = await build(t, fake.urls)
  const user = await confirmedUser(app, db, { phone: '(770) 555-0142' })
  const me = bearer(user.accessToken)

  const data = await app.inject({ method: 'GET', url: '/me/data', headers: me })
  t.equal(data.statusCode, 200)
  const exported = data.json() as { parts: Array<{ service: string; sections: Array<{ key: string; records: Array<Record<string, unknown>> }> }>; missing: string[] }
  t.same(exported.parts.map((p) => p.service).sort(), ['catalogue', 'content', 'identity', 'messaging-sync', 'scheduling'], 'every service’s part')
  t.same(exported.missing, [])
  t.match(exported.parts.find((p) => p.service === 'identity')!.sections[0]!.records[0], { email: user.email, phone: '(770) 555-0142' })
  t.notOk(JSON.stringify(exported).includes('password_hash'), 'no secret in it')
  t.match(fake.calls.find((c) => c.service === 'scheduling')!.subject, { emails: [user.email], phones: ['(770) 555-0142'] })
  t.same(fake.calls.find((c) => c.service === 'messaging-sync')!.subject.emails, [user.email, 'second.address@example.com'], 'messaging-sync is asked for every address a booking carried')

  // Asking sends a link; nothing is deleted yet.
  const asked = await app.inject({ method: 'POST', url: '/me/deletion', headers: me })
  t.equal(asked.statusCode, 202)
  t.same(asked.json(), { sent_to: user.email })
  const email = await lastEmail(db, 'erase', user.email)
  t.match(email?.subject, /Confirm the deletion of your/)
  t.match(email?.text, /http:\/\/localhost:8080\/delete-account\?token=/)
  const token = linkToken(email)
  t.equal((await app.inject({ method: 'GET', url: '/me', headers: me })).statusCode, 200, 'the account stands until the link is followed')

  fake.failing.add('catalogue')
  fake.calls.length = 0
  t.equal((await post(app, '/account-deletion', { token }, { origin: 'https://elsewhere.example' })).statusCode, 403, 'another site cannot post it')
  const confirmed = await post(app, '/account-deletion', { token }, { origin: ORIGIN })
  t.equal(confirmed.statusCode, 200)
  const status = confirmed.json() as { id: string; status: string; pending: string[]; kept: Array<{ kind: string; count: number | null; reason: string }> }
  t.match(status, { status: 'running', pending: ['catalogue', 'content', 'messaging-sync'] }, 'scheduling done, catalogue failed: the rest waits for it')
  t.same(fake.calls.map((c) => `${c.service}:${c.action}`), ['scheduling:erase', 'catalogue:erase'])
  t.match(confirmed.headers['set-cookie'], /hc_refresh=;/, 'the browser’s session cookie is cleared')
  t.equal((await app.inject({ method: 'GET', url: '/me', headers: me })).statusCode, 401, 'the account is gone at once')
  t.equal((await post(app, '/account-deletion', { token }, { origin: ORIGIN })).statusCode, 400, 'the link works once')
  const stored = await db.selectFrom('erasure_requests').selectAll().executeTakeFirstOrThrow()
  t.same(stored.subject?.emails, [user.email, 'second.address@example.com'], 'what scheduling found is kept for the retries')

  // The same address can sign up again straight away.
  t.equal((await post(app, '/sign-up', signUpBody({ email: user.email }))).statusCode, 201)

  // The background loop retries once due; catalogue answers now.
  fake.failing.clear()
  await db.updateTable('erasure_requests').set({ next_attempt_at: new Date(Date.now() - 1000) }).execute()
  t.equal(await resumeErasures(db, personalDataServices(config), app.log), 1)
  const after = (await app.inject({ method: 'GET', url: `/account-deletion/${status.id}` })).json() as typeof status
  t.match(after, { status: 'completed', pending: [] })
  t.match(after.kept, [{ kind: 'visits', count: 2, reason: /care it gave/ }, { kind: 'audit-trail', count: null }], 'what the practice keeps, and why')
  const done = await db.selectFrom('erasure_requests').selectAll().executeTakeFirstOrThrow()
  t.equal(done.subject, null, 'the record no longer says whom it was about')
  t.equal((await app.inject({ method: 'GET', url: '/account-deletion/not-an-id' })).statusCode, 404)
})

t.test('staff download a patient’s data and delete the account on their behalf, audited; staff accounts are refused', async (t) => {
  const fake = await fakeServices(t)
  const { app, db } = await build(t, fake.urls)
  const staff = await confirmedUser(app, db)
  const staffToken = await makeRole(app, db, staff, 'staff')
  const patient = await confirmedUser(app, db)
  const colleague = await confirmedUser(app, db)
  await makeRole(app, db, colleague, 'staff')

  const data = await app.inject({ method: 'GET', url: `/admin/users/${patient.userId}/data`, headers: bearer(staffToken) })
  t.equal(data.statusCode, 200)
  t.equal(data.json().parts.length, 5)
  t.equal((await app.inject({ method: 'GET', url: `/admin/users/${patient.userId}/data`, headers: bearer(patient.accessToken) })).statusCode, 403, 'not for customers')
  t.equal((await app.inject({ method: 'POST', url: `/me/deletion`, headers: bearer(staffToken) })).statusCode, 403, 'staff accounts are not deleted from the profile')

  // Staff act on customers only: an administrator's or a colleague's data is an admin's business.
  const owner = await confirmedUser(app, db)
  const ownerToken = await makeRole(app, db, owner, 'admin')
  const ownersData = await app.inject({ method: 'GET', url: `/admin/users/${owner.userId}/data`, headers: bearer(staffToken) })
  t.equal(ownersData.statusCode, 403, "staff cannot download an administrator's data")
  t.notOk(ownersData.body.includes(owner.email), 'and see nothing of it')
  t.equal((await app.inject({ method: 'GET', url: `/admin/users/${colleague.userId}/data`, headers: bearer(staffToken) })).statusCode, 403, "nor a colleague's")
  t.equal((await app.inject({ method: 'POST', url: `/admin/users/${colleague.userId}/erase`, headers: bearer(staffToken) })).statusCode, 403, 'nor erase a staff account')
  t.equal((await app.inject({ method: 'GET', url: `/admin/users/${colleague.userId}/data`, headers: bearer(ownerToken) })).statusCode, 200, "an administrator can export a colleague's data")
  t.equal((await app.inject({ method: 'POST', url: `/admin/users/${colleague.userId}/erase`, headers: bearer(ownerToken) })).statusCode, 409, 'but a staff account is not erased from here, even by an admin')
  const erased = await app.inject({ method: 'POST', url: `/admin/users/${patient.userId}/erase`, headers: bearer(staffToken) })
  t.equal(erased.statusCode, 200)
  t.match(erased.json(), { status: 'completed', pending: [] })
  t.equal((await app.inject({ method: 'GET', url: `/admin/users/${patient.userId}`, headers: bearer(staffToken) })).statusCode, 404, 'the account is gone')
  t.equal((await app.inject({ method: 'POST', url: `/admin/users/${patient.userId}/erase`, headers: bearer(staffToken) })).statusCode, 404)

  await app.audit.settled()
  // Records are written as requests end, side by side: the chain's order need not be the requests' order.
  const { rows } = await sql<{ action: string; patient_id: string; outcome: number }>`select action, patient_id, outcome from audit.events where action like 'patient.%' order by action, outcome`.execute(db)
  const seen = rows.map((r) => `${r.action} ${r.patient_id} ${r.outcome}`).sort()
  t.same(
    seen,
    [
      `patient.data-export ${patient.userId} 200`,
      `patient.data-export ${colleague.userId} 200`,
      `patient.data-export ${patient.userId} 403`,
      `patient.data-export ${owner.userId} 403`,
      `patient.data-export ${colleague.userId} 403`,
      `patient.erase ${patient.userId} 200`,
      `patient.erase ${colleague.userId} 403`,
      `patient.erase ${patient.userId} 404`,
      `patient.erase ${colleague.userId} 409`,
    ].sort(),
    'one record per request, the refused ones too, nothing more',
  )
  t.notOk(JSON.stringify(await sql`select * from audit.events`.execute(db)).includes(patient.email), 'the audit trail names the patient by id only')
})
