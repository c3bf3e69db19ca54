import { CLINIC_TIME_ZONE } from '@hearing/contracts'
import { sql } from 'kysely'
import t from 'tap'
import { bearer, build, confirmedUser, makeRole, post, type App } from './helper.js'

const get = (app: App, token: string, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } })

interface Entry {
  action: string
  actor: { id: string; name: string | null } | null
  actor_role: string | null
  patient: { id: string; name: string | null; email: string | null } | null
  record_id: string | null
  outcome: number | null
  address: string | null
  user_agent: string | null
}

t.test("staff's reads and changes of a patient, and their sign-ins, are in admins' Activity; staff cannot see it", async (t) => {
  const { app, db } = await build(t)
  const admin = await confirmedUser(app, db, { first_name: 'Ada', last_name: 'Admin' })
  const staff = await confirmedUser(app, db, { first_name: 'Sam', last_name: 'Staff' })
  const patient = await confirmedUser(app, db, { first_name: 'Patty', last_name: 'Patient' })
  const adminToken = await makeRole(app, db, admin, 'admin')
  const staffToken = await makeRole(app, db, staff, 'staff')

  const signIn = await post(app, '/sign-in', { email: staff.email, password: staff.password }, { 'user-agent': 'Staff browser', 'x-forwarded-for': '198.51.100.23' })
  t.equal(signIn.statusCode, 200)
  t.equal((await get(app, staffToken, `/admin/users/${patient.userId}`, { 'user-agent': 'Staff browser', 'x-forwarded-for': '198.51.100.23' })).statusCode, 200)
  t.equal((await get(app, staffToken, '/admin/users')).statusCode, 200)
  t.equal((await app.inject({ method: 'PATCH', url: `/admin/users/${patient.userId}/role`, payload: { role: 'admin' }, headers: bearer(staffToken) })).statusCode, 403)
  t.equal((await app.inject({ method: 'PATCH', url: `/admin/users/${patient.userId}/role`, payload: { role: 'staff' }, headers: bearer(adminToken) })).statusCode, 200)
  await app.audit.settled()

  const forPatient = await get(app, adminToken, '/admin/activity?patient=patty')
  t.equal(forPatient.statusCode, 200)
  const page = forPatient.json() as { entries: Entry[]; total: number; page: number; page_size: number }
  t.same(
    page.entries.map((e) => [e.action, e.actor?.name, e.actor_role, e.outcome]),
    [
      ['user.role', 'Ada Admin', 'admin', 200],
      ['user.role', 'Sam Staff', 'staff', 403],
      ['user.read', 'Sam Staff', 'staff', 200],
    ],
    "the patient's records, newest first: the change, the refused attempt, the read",
  )
  t.match(page.entries.at(-1), { patient: { id: patient.userId, name: 'Patty Patient', email: patient.email }, record_id: patient.userId, address: '198.51.100.23', user_agent: 'Staff browser' })
  t.match(page, { total: 3, page: 1, page_size: 50 })

  const signIns = (await get(app, adminToken, '/admin/activity?action=staff.sign-in&actor=sam')).json() as { entries: Entry[] }
  t.match(signIns.entries, [{ action: 'staff.sign-in', actor: { id: staff.userId }, address: '198.51.100.23' }], "the staff member's sign-in")
  t.equal(((await get(app, adminToken, '/admin/activity?patient=nobody-by-this-name')).json() as { total: number }).total, 0)
  // The filter's days are the clinics' (Eastern): at 00:30 UTC it is still yesterday there.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_TIME_ZONE }).format(new Date())
  t.equal(((await get(app, adminToken, `/admin/activity?from=2000-01-01&to=2000-12-31`)).json() as { total: number }).total, 0, 'dates filter')
  t.ok(((await get(app, adminToken, `/admin/activity?from=${today}`)).json() as { total: number }).total >= 4)

  for (const bad of ['from=yesterday', 'action=user.delete', 'page=0', 'unknown=1']) {
    const res = await get(app, adminToken, `/admin/activity?${bad}`)
    t.equal(res.statusCode, 400, `${bad}: 400`)
  }
  t.equal((await get(app, staffToken, '/admin/activity')).statusCode, 403, 'staff: 403')
  t.equal((await get(app, staffToken, '/admin/activity.csv')).statusCode, 403, 'staff: no export either')
  t.equal((await app.inject({ method: 'GET', url: '/admin/activity' })).statusCode, 401)

  const csv = await get(app, adminToken, '/admin/activity.csv?patient=patty')
  t.equal(csv.statusCode, 200)
  t.match(csv.headers['content-type'], /^text\/csv/)
  t.match(csv.headers['content-disposition'], /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/)
  const lines = csv.body.trim().split('\r\n')
  t.equal(lines.length, 4, 'a header and the three records')
  t.match(lines[3], /"user\.read"/)
  t.match(lines[3], /"Patty Patient"/)
  await app.audit.settled()
  const exported = (await get(app, adminToken, '/admin/activity?action=activity.export')).json() as { entries: Entry[] }
  t.match(exported.entries, [{ action: 'activity.export', actor: { id: admin.userId }, outcome: 200 }], 'the export is itself recorded')
})

t.test("staff's and admins' failed password sign-ins are in the Activity, without the password; customers' and unknown addresses' are not", async (t) => {
  const { app, db } = await build(t)
  const admin = await confirmedUser(app, db, { first_name: 'Ada', last_name: 'Admin' })
  const staff = await confirmedUser(app, db, { first_name: 'Sam', last_name: 'Staff' })
  const customer = await confirmedUser(app, db, { first_name: 'Cory', last_name: 'Customer' })
  const adminToken = await makeRole(app, db, admin, 'admin')
  await makeRole(app, db, staff, 'staff')
  const wrong = 'Not-The-Password-123'
  const from = { 'user-agent': 'Guessing browser', 'x-forwarded-for': '203.0.113.77' }
  for (const email of [staff.email, admin.email, customer.email, 'nobody-here@example.com']) {
    t.equal((await post(app, '/sign-in', { email, password: wrong }, from)).statusCode, 401, `${email}: refused`)
  }
  await app.audit.settled()

  const failed = (await get(app, adminToken, '/admin/activity?action=staff.sign-in-failed')).json() as { entries: Entry[]; total: number }
  t.match(
    failed.entries,
    [
      { action: 'staff.sign-in-failed', actor: { id: admin.userId, name: 'Ada Admin' }, actor_role: 'admin', outcome: 401, address: '203.0.113.77', user_agent: 'Guessing browser' },
      { action: 'staff.sign-in-failed', actor: { id: staff.userId, name: 'Sam Staff' }, actor_role: 'staff', outcome: 401, patient: null },
    ],
    'the admin and the staff member, newest first',
  )
  t.equal(failed.total, 2, "no record for the customer or for an address that matches no account")
  const { rows } = await sql<Record<string, unknown>>`select * from audit.events where action = 'staff.sign-in-failed'`.execute(db)
  t.equal(rows.length, 2)
  t.notOk(JSON.stringify(rows).includes(wrong), 'the password tried is not in the records')
  t.equal(((await get(app, adminToken, '/admin/activity?action=staff.sign-in')).json() as { total: number }).total, 0, 'a failure is not a sign-in')
})
