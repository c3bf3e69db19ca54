import t from 'tap'
import { bearer, build, confirmedUser, lastEmail, linkToken, makeRole, post, REFRESH, uniqueEmail, type App, type Db } from './helper.js'

type Page = { users: Array<{ id: string; email: string; phone: string | null; full_name: string | null; deactivated_at: string | null; email_verified: boolean }>; page: number; page_size: number; total: number }

const search = (app: App, token: string, query: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/admin/users/search?${new URLSearchParams(query).toString()}`, headers: bearer(token) })

const patch = (app: App, token: string, id: string, payload: unknown) => app.inject({ method: 'PATCH', url: `/admin/users/${id}`, headers: bearer(token), payload: payload as object })
const act = (app: App, token: string, id: string, what: 'deactivate' | 'reactivate') => app.inject({ method: 'POST', url: `/admin/users/${id}/${what}`, headers: bearer(token) })

async function staffToken(app: App, db: Db, role: 'staff' | 'admin' = 'staff') {
  const person = await confirmedUser(app, db, { phone: '(678) 555-0111' })
  return { ...person, token: await makeRole(app, db, person, role) }
}

/** Patients straight into the table (no passwords: the search does not care how they signed up). */
async function seedPatients(db: Db, count: number, prefix: string) {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${i}@example.com`,
    first_name: `Seeded${i}`,
    last_name: prefix,
    phone: `(404) 555-${String(1000 + i)}`,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
  }))
  await db.insertInto('users').values(rows).execute()
}

t.test('staff find a patient by name, e-mail and by phone however it is typed', async (t) => {
  const { app, db } = await build(t)
  const staff = await staffToken(app, db)
  await db.insertInto('users').values({ email: 'marguerite.okafor@example.com', first_name: 'Marguerite', last_name: 'Okafor', phone: '+17705550100' }).execute()
  await db.insertInto('users').values({ email: 'someone.else@example.com', first_name: 'Someone', last_name: 'Else', phone: '770.555.0199' }).execute()

  for (const q of ['(770) 555-0100', '770-555-0100', '+17705550100', '7705550100', '1 770 555 0100', '555-0100']) {
    const res = await search(app, staff.token, { q })
    t.equal(res.statusCode, 200, q)
    t.same((res.json() as Page).users.map((u) => u.email), ['marguerite.okafor@example.com'], `phone typed as ${q}`)
  }
  const byName = (await search(app, staff.token, { q: 'margue okaf' })).json() as Page
  t.same(byName.users.map((u) => u.email), ['marguerite.okafor@example.com'], 'every word of the name, in part, any case')
  const byEmail = (await search(app, staff.token, { q: 'MARGUERITE.OKAFOR@' })).json() as Page
  t.same(byEmail.users.map((u) => u.email), ['marguerite.okafor@example.com'], 'part of the e-mail')
  const both = (await search(app, staff.token, { q: '770 555' })).json() as Page
  t.equal(both.total, 2, 'a partial number finds everyone whose phone has it')
  const none = (await search(app, staff.token, { q: '100%_' })).json() as Page
  t.same(none, { users: [], page: 1, page_size: 25, total: 0 }, 'wildcards are taken literally')
  t.match((await search(app, staff.token, { q: 'x'.repeat(201) })).json(), { statusCode: 400, message: /querystring\.q/ })
})

t.test('pages of 25, newest first; a page past the end answers the last; bad pages are 400', async (t) => {
  const { app, db } = await build(t)
  const staff = await staffToken(app, db)
  await seedPatients(db, 30, 'paged')
  const first = (await search(app, staff.token, { q: 'paged' })).json() as Page
  t.equal(first.total, 30)
  t.equal(first.users.length, 25)
  t.equal(first.users[0]!.email, 'paged29@example.com', 'newest first')
  const second = (await search(app, staff.token, { q: 'paged', page: '2' })).json() as Page
  t.same(second.users.map((u) => u.email), ['paged4@example.com', 'paged3@example.com', 'paged2@example.com', 'paged1@example.com', 'paged0@example.com'])
  const past = (await search(app, staff.token, { q: 'paged', page: '9' })).json() as Page
  t.equal(past.page, 2, 'the last page')
  t.equal(past.users.length, 5)
  for (const page of ['0', '-1', 'two', '1.5']) t.equal((await search(app, staff.token, { q: 'paged', page })).statusCode, 400, `page=${page}`)
  const everyone = (await search(app, staff.token, {})).json() as Page
  t.equal(everyone.total, 31, 'no search: everyone (the staff member too)')
  t.equal((await search(app, staff.token, { unknown: '1' })).statusCode, 400, 'unknown parameters are refused')
})

t.test('only staff and admins search; customers get 403, visitors 401', async (t) => {
  const { app, db } = await build(t)
  const customer = await confirmedUser(app, db)
  t.equal((await search(app, customer.accessToken, {})).statusCode, 403)
  t.equal((await app.inject({ method: 'GET', url: '/admin/users/search' })).statusCode, 401)
  t.equal((await patch(app, customer.accessToken, customer.userId, { first_name: 'Me' })).statusCode, 403)
  t.equal((await act(app, customer.accessToken, customer.userId, 'deactivate')).statusCode, 403)
})

t.test('staff correct a patient’s name and phone; bad fields are 400s that name them', async (t) => {
  const { app, db } = await build(t)
  const staff = await staffToken(app, db)
  const patient = await confirmedUser(app, db)
  const res = await patch(app, staff.token, patient.userId, { first_name: 'Grace', last_name: 'Hopper', phone: '770-555-0123' })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { first_name: 'Grace', last_name: 'Hopper', full_name: 'Grace Hopper', phone: '770-555-0123', email: patient.email, email_verified: true, deactivated_at: null })
  t.equal(((await search(app, staff.token, { q: '(770) 555-0123' })).json() as Page).users[0]?.id, patient.userId, 'found by the new number')
  t.equal((await patch(app, staff.token, patient.userId, { phone: '' })).json().phone, null, 'a blank phone clears it')

  const bad = await patch(app, staff.token, patient.userId, { first_name: '', phone: 'call me', email: 'not-an-address' })
  t.equal(bad.statusCode, 400)
  t.match(bad.json().message, /body\.first_name: .+; .*body\.phone: Please enter a valid phone number\..*body\.email: Please enter a valid email address\./s)
  t.equal((await patch(app, staff.token, patient.userId, { role: 'admin' })).statusCode, 400, 'only contact details')
  t.equal((await patch(app, staff.token, '00000000-0000-4000-8000-000000000000', { first_name: 'X' })).statusCode, 404)

  const colleague = await staffToken(app, db)
  const other = await patch(app, staff.token, colleague.userId, { first_name: 'Eve' })
  t.equal(other.statusCode, 403, 'staff accounts are an admin’s business')
  const admin = await staffToken(app, db, 'admin')
  t.equal((await patch(app, admin.token, colleague.userId, { first_name: 'Eve' })).statusCode, 200)
})

t.test('a new e-mail address is unconfirmed until the link sent to it is followed; a taken one is 409', async (t) => {
  const { app, db } = await build(t)
  const staff = await staffToken(app, db)
  const patient = await confirmedUser(app, db)
  const taken = await confirmedUser(app, db)
  const conflict = await patch(app, staff.token, patient.userId, { email: taken.email.toUpperCase() })
  t.equal(conflict.statusCode, 409)
  t.equal(conflict.json().message, 'An account with this email already exists. Please try signing in instead.')

  const newEmail = uniqueEmail('moved')
  const res = await patch(app, staff.token, patient.userId, { email: newEmail })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { email: newEmail, email_verified: false })
  const blocked = await post(app, '/sign-in', { email: newEmail, password: patient.password })
  t.equal(blocked.statusCode, 403, 'signing in waits for the new address to be confirmed')
  t.equal(blocked.json().code, 'email_not_confirmed')
  const confirmed = await app.inject({ method: 'GET', url: `/confirm-email?token=${encodeURIComponent(linkToken(await lastEmail(db, 'confirm', newEmail)))}` })
  t.equal(confirmed.statusCode, 302)
  t.equal((await post(app, '/sign-in', { email: newEmail, password: patient.password })).statusCode, 200, 'then the new address signs in')
})

t.test('a deactivated account cannot sign in and its sessions end at once; reactivated, it signs in again', async (t) => {
  const { app, db } = await build(t)
  const staff = await staffToken(app, db)
  const patient = await confirmedUser(app, db)
  t.equal((await app.inject({ method: 'GET', url: '/me', headers: bearer(patient.accessToken) })).statusCode, 200)

  const res = await act(app, staff.token, patient.userId, 'deactivate')
  t.equal(res.statusCode, 200)
  t.ok(res.json().deactivated_at, 'answered with when')
  t.equal((await app.inject({ method: 'GET', url: '/me', headers: bearer(patient.accessToken) })).statusCode, 401, 'the access token no longer counts')
  t.equal((await post(app, '/token/refresh', undefined, {}, { [REFRESH]: patient.refresh })).statusCode, 401, 'nor the refresh cookie')
  const refused = await post(app, '/sign-in', { email: patient.email, password: patient.password })
  t.equal(refused.statusCode, 403)
  t.same(refused.json(), { statusCode: 403, error: 'Forbidden', message: 'This account has been deactivated. Please call the clinic if you need it again.', code: 'account_deactivated' })
  t.equal((await post(app, '/sign-in', { email: patient.email, password: 'wrong password entirely' })).statusCode, 401, 'a wrong password learns nothing')
  t.equal((await act(app, staff.token, patient.userId, 'deactivate')).statusCode, 200, 'again: no change')
  const found = ((await search(app, staff.token, { q: patient.email })).json() as Page).users[0]
  t.ok(found?.deactivated_at, 'the Users tab shows it')

  const back = await act(app, staff.token, patient.userId, 'reactivate')
  t.equal(back.statusCode, 200)
  t.equal(back.json().deactivated_at, null)
  t.equal((await app.inject({ method: 'GET', url: '/me', headers: bearer(patient.accessToken) })).statusCode, 401, 'old sessions stay ended')
  t.equal((await post(app, '/sign-in', { email: patient.email, password: patient.password })).statusCode, 200, 'signs in again')
})

t.test('nobody deactivates themselves or the last active admin; staff cannot deactivate staff', async (t) => {
  const { app, db } = await build(t)
  const admin = await staffToken(app, db, 'admin')
  const staff = await staffToken(app, db)
  const self = await act(app, admin.token, admin.userId, 'deactivate')
  t.equal(self.statusCode, 409)
  t.equal(self.json().message, 'You cannot deactivate your own account.')
  t.equal((await act(app, staff.token, admin.userId, 'deactivate')).statusCode, 403, 'staff cannot touch an admin')
  t.equal((await act(app, staff.token, staff.userId, 'deactivate')).statusCode, 403, 'nor staff accounts, their own included')

  const second = await staffToken(app, db, 'admin')
  t.equal((await act(app, admin.token, second.userId, 'deactivate')).statusCode, 200, 'one admin of two')
  // The remaining admin is the last active one: promoting and deactivating cannot leave none.
  const promoted = await confirmedUser(app, db)
  const promotedToken = await makeRole(app, db, promoted, 'admin')
  t.equal((await act(app, promotedToken, admin.userId, 'deactivate')).statusCode, 200)
  const last = await act(app, admin.token, promoted.userId, 'deactivate')
  t.equal(last.statusCode, 401, 'the deactivated admin lost access at once')
  const refusedLast = await act(app, promotedToken, promoted.userId, 'deactivate')
  t.equal(refusedLast.statusCode, 409, 'self')
  const demote = await app.inject({ method: 'PATCH', url: `/admin/users/${promoted.userId}/role`, headers: bearer(promotedToken), payload: { role: 'customer' } })
  t.equal(demote.statusCode, 409, 'the last active admin keeps the role (deactivated admins do not count)')
  t.equal(demote.json().message, 'The last admin cannot be removed.')
})

t.test('a patient’s page reads the account with its state; every call is audited with the patient', async (t) => {
  const { app, db } = await build(t)
  const staff = await staffToken(app, db)
  const patient = await confirmedUser(app, db)
  const read = await app.inject({ method: 'GET', url: `/admin/users/${patient.userId}`, headers: bearer(staff.token) })
  t.equal(read.statusCode, 200)
  t.equal(read.json().deactivated_at, null)
  await patch(app, staff.token, patient.userId, { first_name: 'Audited' })
  await act(app, staff.token, patient.userId, 'deactivate')
  await act(app, staff.token, patient.userId, 'reactivate')
  await app.audit.settled()
  const admin = await staffToken(app, db, 'admin')
  const log = (await app.inject({ method: 'GET', url: `/admin/activity?patient=${patient.userId}`, headers: bearer(admin.token) })).json() as { entries: Array<{ action: string; outcome: number }> }
  t.same(
    log.entries.map((e) => [e.action, e.outcome]),
    [
      ['user.reactivate', 200],
      ['user.deactivate', 200],
      ['user.update', 200],
      ['user.read', 200],
    ],
  )
})
