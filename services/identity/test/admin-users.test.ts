import t from 'tap'
import { bearer, build, confirmedUser, lastEmail, linkToken, makeRole, post, REFRESH, STRONG_PASSWORD, uniqueEmail, type App } from './helper.js'

const call = (app: App, token: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: bearer(token) })

t.test('a customer cannot read or change another user (every route, with the other user\'s id)', async (t) => {
  const { app, db } = await build(t)
  const alice = await confirmedUser(app, db, { first_name: 'Alice' })
  const bob = await confirmedUser(app, db, { first_name: 'Bob' })
  const attempts = [
    ['GET', '/admin/users'],
    ['GET', `/admin/users/${bob.userId}`],
    ['PATCH', `/admin/users/${bob.userId}/role`, { role: 'admin' }],
    ['PATCH', `/admin/users/${alice.userId}/role`, { role: 'admin' }],
    ['POST', '/admin/patients', { first_name: 'X', last_name: 'Y', email: uniqueEmail() }],
  ] as const
  for (const [method, url, payload] of attempts) {
    const res = await call(app, alice.accessToken, method, url, payload)
    t.equal(res.statusCode, 403, `customer: ${method} ${url} is 403`)
  }
  // The profile routes act on the caller only; naming someone else is a refused field.
  for (const payload of [{ id: bob.userId }, { user_id: bob.userId }, { role: 'admin' }]) {
    t.equal((await call(app, alice.accessToken, 'PATCH', '/me', { first_name: 'Mallory', ...payload })).statusCode, 400)
  }
  t.equal((await call(app, alice.accessToken, 'GET', `/me?id=${bob.userId}`)).json().id, alice.userId, 'GET /me ignores a foreign id')
  const stored = await db.selectFrom('users').select(['id', 'first_name', 'role']).orderBy('first_name').execute()
  t.same(stored.map((u) => [u.first_name, u.role]), [['Alice', 'customer'], ['Bob', 'customer']], 'nobody changed')
})

t.test('staff read the user list but cannot change roles', async (t) => {
  const { app, db } = await build(t)
  const staff = await confirmedUser(app, db)
  const customer = await confirmedUser(app, db)
  const staffToken = await makeRole(app, db, staff, 'staff')
  const list = await call(app, staffToken, 'GET', '/admin/users')
  t.equal(list.statusCode, 200)
  t.equal(list.json().length, 2)
  t.same(Object.keys(list.json()[0]).sort(), ['address_line1', 'address_line2', 'city', 'created_at', 'email', 'email_verified', 'first_name', 'full_name', 'id', 'language', 'last_name', 'phone', 'preferred_location_uid', 'role', 'state', 'zip_code'])
  t.equal((await call(app, staffToken, 'GET', '/admin/users?role=customer')).json().length, 1, 'filtered by role (the scheduling patient list)')
  t.equal((await call(app, staffToken, 'GET', `/admin/users/${customer.userId}`)).json().email, customer.email)
  t.equal((await call(app, staffToken, 'GET', '/admin/users/00000000-0000-4000-8000-000000000000')).statusCode, 404)
  t.equal((await call(app, staffToken, 'GET', '/admin/users/not-a-uuid')).statusCode, 404)
  t.equal((await call(app, staffToken, 'PATCH', `/admin/users/${customer.userId}/role`, { role: 'staff' })).statusCode, 403)
  t.equal((await call(app, staffToken, 'PATCH', `/admin/users/${staff.userId}/role`, { role: 'admin' })).statusCode, 403, 'nor raise their own')
})

t.test('an admin changes roles; the user\'s sessions end; the last admin stays', async (t) => {
  const { app, db } = await build(t)
  const admin = await confirmedUser(app, db)
  const other = await confirmedUser(app, db)
  const adminToken = await makeRole(app, db, admin, 'admin')

  const res = await call(app, adminToken, 'PATCH', `/admin/users/${other.userId}/role`, { role: 'staff' })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { id: other.userId, role: 'staff' })
  t.equal((await post(app, '/token/refresh', undefined, {}, { [REFRESH]: other.refresh })).statusCode, 401, 'role change revokes refresh tokens')
  t.equal((await call(app, adminToken, 'PATCH', `/admin/users/${other.userId}/role`, { role: 'superuser' })).statusCode, 400)
  t.equal((await call(app, adminToken, 'PATCH', '/admin/users/00000000-0000-4000-8000-000000000000/role', { role: 'staff' })).statusCode, 404)

  const last = await call(app, adminToken, 'PATCH', `/admin/users/${admin.userId}/role`, { role: 'customer' })
  t.equal(last.statusCode, 409)
  t.equal(last.json().message, 'The last admin cannot be removed.')

  t.equal((await call(app, adminToken, 'PATCH', `/admin/users/${other.userId}/role`, { role: 'admin' })).statusCode, 200)
  // Role changes end the account's sessions: the other admin signs in again.
  const otherToken = (await post(app, '/sign-in', { email: other.email, password: other.password })).json().access_token as string
  // Two admins demoting each other at the same moment.
  const [a, b] = await Promise.all([
    call(app, adminToken, 'PATCH', `/admin/users/${other.userId}/role`, { role: 'customer' }),
    call(app, otherToken, 'PATCH', `/admin/users/${admin.userId}/role`, { role: 'customer' }),
  ])
  const codes = [a.statusCode, b.statusCode].sort()
  t.equal(codes[0], 200, 'one succeeds')
  // Refused as the last admin (409) or as no longer an admin (403); or, when the first demotion had
  // finished before the second was looked at, as signed out (401): a role change ends the sessions.
  t.ok([401, 403, 409].includes(codes[1]!), `the other is refused (${codes[1]}: signed out by the demotion, no longer an admin, or the last admin)`)
  t.equal((await db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).length, 1, 'one admin is left')
})

t.test('a demoted admin loses admin rights at once in identity, even with an unexpired token', async (t) => {
  const { app, db } = await build(t)
  const admin = await confirmedUser(app, db)
  const adminToken = await makeRole(app, db, admin, 'admin')
  await db.updateTable('users').set({ role: 'customer' }).where('id', '=', admin.userId).execute()
  t.equal((await call(app, adminToken, 'GET', '/admin/users')).statusCode, 403)
})

t.test('POST /admin/patients with a temporary password: a confirmed account that can sign in', async (t) => {
  const { app, db } = await build(t)
  const staff = await confirmedUser(app, db)
  const staffToken = await makeRole(app, db, staff, 'staff')
  const email = uniqueEmail('new.patient')
  const res = await call(app, staffToken, 'POST', '/admin/patients', { first_name: 'Joan', last_name: 'Clarke', phone: '770-555-0199', email, password: STRONG_PASSWORD })
  t.equal(res.statusCode, 201)
  t.match(res.json(), { email, first_name: 'Joan', last_name: 'Clarke', phone: '770-555-0199', role: 'customer', email_verified: true })
  t.equal((await post(app, '/sign-in', { email, password: STRONG_PASSWORD })).statusCode, 200)
  t.notOk(await lastEmail(db, 'invite', email), 'no invite needed')

  const dup = await call(app, staffToken, 'POST', '/admin/patients', { first_name: 'J', last_name: 'C', email })
  t.equal(dup.statusCode, 409)
  const weak = await call(app, staffToken, 'POST', '/admin/patients', { first_name: 'J', last_name: 'C', email: uniqueEmail(), password: 'password' })
  t.equal(weak.json().message, 'This password is too common. Please choose another.')
  const withRole = await call(app, staffToken, 'POST', '/admin/patients', { first_name: 'J', last_name: 'C', email: uniqueEmail(), role: 'admin' })
  t.equal(withRole.statusCode, 400, 'a role cannot be given')
})

t.test('POST /admin/patients without a password sends an invite whose link sets up the account', async (t) => {
  const { app, db } = await build(t)
  const admin = await confirmedUser(app, db)
  const adminToken = await makeRole(app, db, admin, 'admin')
  const email = uniqueEmail('invited')
  const res = await call(app, adminToken, 'POST', '/admin/patients', { first_name: 'Mary', last_name: 'Jackson', email })
  t.equal(res.statusCode, 201)
  t.match(res.json(), { email, email_verified: false, phone: null })
  const invite = await lastEmail(db, 'invite', email)
  t.match(invite?.subject, /Set up your/)
  t.match(invite?.text, /^Hello Mary,/)
  t.match(invite?.text, /http:\/\/localhost:8080\/setup-account\?token=/)
  t.ok(linkToken(invite))
})

t.test('a retried patient creation (its first answer lost) gets the account it made, not "already exists"', async (t) => {
  const { app, db } = await build(t)
  const staff = await confirmedUser(app, db)
  const staffToken = await makeRole(app, db, staff, 'staff')
  const create = (body: object) => call(app, staffToken, 'POST', '/admin/patients', body)

  const withPassword = { first_name: 'Rita', last_name: 'Retry', phone: '770-555-0123', email: uniqueEmail('retry'), password: STRONG_PASSWORD }
  const [a, b] = await Promise.all([create(withPassword), create(withPassword)])
  t.same([a.statusCode, b.statusCode].sort(), [200, 201], 'the same request twice at once: created once, the other gets it')
  t.equal(a.json().id, b.json().id)
  const retried = await create(withPassword)
  t.equal(retried.statusCode, 200)
  t.equal(retried.json().id, a.json().id)
  t.equal((await create({ ...withPassword, password: `${STRONG_PASSWORD}!` })).statusCode, 409, 'another password is another request')
  t.equal((await create({ ...withPassword, last_name: 'Other' })).statusCode, 409, 'other details too')
  t.equal((await db.selectFrom('users').select('id').where('email', '=', withPassword.email).execute()).length, 1)

  t.equal((await post(app, '/sign-in', { email: withPassword.email, password: STRONG_PASSWORD })).statusCode, 200)
  t.equal((await create(withPassword)).statusCode, 409, 'once the patient has signed in it is their account: "already exists"')

  const invited = { first_name: 'Ines', last_name: 'Retry', email: uniqueEmail('retry.invite') }
  t.equal((await create(invited)).statusCode, 201)
  const again = await create(invited)
  t.equal(again.statusCode, 200)
  t.match(again.json(), { email: invited.email, email_verified: false })
  const invites = await db.selectFrom('outbox').select('payload').where('key', 'like', 'email:invite:%').execute()
  t.equal(invites.filter((r) => r.payload.to === invited.email).length, 1, 'one invitation, not one per retry')
  t.equal((await create({ ...invited, password: STRONG_PASSWORD })).statusCode, 409, 'a password where there was none is not a retry')
})
