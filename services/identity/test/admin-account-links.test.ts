import t from 'tap'
import { bearer, build, confirmedUser, lastEmail, linkToken, makeRole, post, signUpBody, STRONG_PASSWORD, uniqueEmail, type App } from './helper.js'

const send = (app: App, token: string, id: string, what: 'confirmation' | 'password-reset') =>
  app.inject({ method: 'POST', url: `/admin/users/${id}/${what}`, headers: bearer(token) })

const countEmails = async (db: Built['db'], kind: string, to: string) =>
  (await db.selectFrom('outbox').select('payload').where('key', 'like', `email:${kind}:%`).execute()).filter((r) => r.payload.to === to).length
type Built = Awaited<ReturnType<typeof build>>

t.test('staff resend the confirmation of an unconfirmed sign-up; the link confirms it; a confirmed account is refused', async (t) => {
  const { app, db } = await build(t)
  const staff = await confirmedUser(app, db)
  const staffToken = await makeRole(app, db, staff, 'staff')
  const body = signUpBody()
  const email = body.email.toLowerCase()
  t.equal((await post(app, '/sign-up', body)).statusCode, 201)
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  t.equal(await countEmails(db, 'confirm', email), 1, 'the sign-up sent one')

  const res = await send(app, staffToken, user.id, 'confirmation')
  t.equal(res.statusCode, 202)
  t.same(res.json(), { sent: 'confirm' })
  t.equal(await countEmails(db, 'confirm', email), 2, 'a second confirmation e-mail')
  const confirmed = await app.inject({ method: 'GET', url: `/confirm-email?token=${encodeURIComponent(linkToken(await lastEmail(db, 'confirm', email)))}` })
  t.equal(confirmed.statusCode, 302, 'the resent link confirms the address')

  const again = await send(app, staffToken, user.id, 'confirmation')
  t.equal(again.statusCode, 409)
  t.equal(again.json().message, 'This account has already confirmed its email address.')
  t.equal((await send(app, staffToken, '00000000-0000-4000-8000-000000000000', 'confirmation')).statusCode, 404)
})

t.test('an invited patient gets the invitation again; the hourly cap answers 429 with the reason', async (t) => {
  const { app, db } = await build(t)
  const admin = await confirmedUser(app, db)
  const adminToken = await makeRole(app, db, admin, 'admin')
  const email = uniqueEmail('invited')
  const created = (await app.inject({ method: 'POST', url: '/admin/patients', headers: bearer(adminToken), payload: { first_name: 'Ida', last_name: 'Invited', email } })).json() as { id: string }
  t.same((await send(app, adminToken, created.id, 'confirmation')).json(), { sent: 'invite' }, 'no password yet: the invitation, whose link sets one')
  t.equal(await countEmails(db, 'invite', email), 2)
  t.equal((await send(app, adminToken, created.id, 'confirmation')).statusCode, 202)
  const capped = await send(app, adminToken, created.id, 'confirmation')
  t.equal(capped.statusCode, 429)
  t.equal(capped.json().message, 'This account has had as many of these emails as an hour allows. Please wait before sending another.')
  t.equal(await countEmails(db, 'invite', email), 3, 'nothing more was sent')
})

t.test('staff send a reset link to a customer (it resets the password); staff and admin accounts are for admins; customers are refused', async (t) => {
  const { app, db } = await build(t)
  const staff = await confirmedUser(app, db)
  const staffToken = await makeRole(app, db, staff, 'staff')
  const customer = await confirmedUser(app, db)
  const colleague = await confirmedUser(app, db)
  await makeRole(app, db, colleague, 'staff')

  const res = await send(app, staffToken, customer.userId, 'password-reset')
  t.equal(res.statusCode, 202)
  t.same(res.json(), { sent: 'reset' })
  const token = linkToken(await lastEmail(db, 'reset', customer.email))
  const reset = await post(app, '/password-reset/complete', { token, password: `${STRONG_PASSWORD} again` })
  t.equal(reset.statusCode, 204, 'the link works')

  const other = await send(app, staffToken, colleague.userId, 'password-reset')
  t.equal(other.statusCode, 403)
  t.equal(other.json().message, 'Only administrators can do this for staff and administrator accounts.')
  const bystander = await confirmedUser(app, db)
  t.equal((await send(app, bystander.accessToken, customer.userId, 'password-reset')).statusCode, 403, 'a customer cannot')
  t.equal((await app.inject({ method: 'POST', url: `/admin/users/${customer.userId}/password-reset` })).statusCode, 401)
})
