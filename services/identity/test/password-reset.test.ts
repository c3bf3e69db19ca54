import t from 'tap'
import { bearer, build, confirmedUser, lastEmail, linkToken, post, REFRESH, setCookie, signUpBody, uniqueEmail } from './helper.js'

t.test('a reset request answers the same whether or not the address has an account', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const known = await post(app, '/password-reset/request', { email: user.email })
  const unknown = await post(app, '/password-reset/request', { email: uniqueEmail('nobody') })
  t.equal(known.statusCode, 202)
  t.equal(unknown.statusCode, 202)
  t.same(known.json(), unknown.json())
  t.same(Object.keys(known.headers).filter((h) => h !== 'date' && h !== 'x-request-id').sort(), Object.keys(unknown.headers).filter((h) => h !== 'date' && h !== 'x-request-id').sort(), 'same headers')
  const emails = await db.selectFrom('outbox').select(['key', 'payload']).where('key', 'like', 'email:reset:%').execute()
  t.equal(emails.length, 1, 'an e-mail only for the real account')
  t.equal(emails[0]!.payload.to, user.email)
  t.match(emails[0]!.payload.text, /http:\/\/localhost:8080\/reset-password\?token=/)
  t.match(emails[0]!.payload.subject, /Reset your/)
})

t.test('the reset link sets a new password once and ends every session', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const second = setCookie(await post(app, '/sign-in', { email: user.email, password: user.password }), REFRESH)!.value
  await post(app, '/password-reset/request', { email: user.email })
  const token = linkToken(await lastEmail(db, 'reset', user.email))

  const weak = await post(app, '/password-reset/complete', { token, password: 'sunshine' })
  t.equal(weak.statusCode, 400)
  t.equal(weak.json().message, 'This password is too common. Please choose another.')
  t.equal((await post(app, '/password-reset/complete', { token, password: 'short' })).json().message, 'Password must be at least 8 characters long.')

  const done = await post(app, '/password-reset/complete', { token, password: 'my new long passphrase' })
  t.equal(done.statusCode, 204)
  for (const cookie of [user.refresh, second]) {
    t.equal((await post(app, '/token/refresh', undefined, {}, { [REFRESH]: cookie })).statusCode, 401, 'old sessions are revoked')
  }
  t.equal((await post(app, '/sign-in', { email: user.email, password: user.password })).statusCode, 401)
  t.equal((await post(app, '/sign-in', { email: user.email, password: 'my new long passphrase' })).statusCode, 200)

  const reused = await post(app, '/password-reset/complete', { token, password: 'yet another passphrase' })
  t.equal(reused.statusCode, 400, 'the link works once')
  t.equal(reused.json().message, 'This password reset link is invalid or expired. Please request a new one.')
  t.equal((await post(app, '/password-reset/complete', { token: 'forged', password: 'yet another passphrase' })).statusCode, 400)
})

t.test('an expired reset link is refused', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  await post(app, '/password-reset/request', { email: user.email })
  const token = linkToken(await lastEmail(db, 'reset', user.email))
  await db.updateTable('one_time_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('purpose', '=', 'reset').execute()
  t.equal((await post(app, '/password-reset/complete', { token, password: 'my new long passphrase' })).statusCode, 400)
})

t.test('a confirmation link is not a reset link, nor the other way round', async (t) => {
  const { app, db } = await build(t)
  const body = signUpBody()
  await post(app, '/sign-up', body)
  const confirmToken = linkToken(await lastEmail(db, 'confirm', body.email))
  t.equal((await post(app, '/password-reset/complete', { token: confirmToken, password: 'my new long passphrase' })).statusCode, 400)
  await post(app, '/password-reset/request', { email: body.email })
  const resetToken = linkToken(await lastEmail(db, 'reset', body.email))
  t.equal((await app.inject({ method: 'GET', url: `/confirm-email?token=${resetToken}` })).headers.location, '/auth?confirm=invalid')
})

t.test('resetting confirms an unconfirmed address (the link reached the mailbox)', async (t) => {
  const { app, db } = await build(t)
  const body = signUpBody()
  await post(app, '/sign-up', body)
  await post(app, '/password-reset/request', { email: body.email })
  const token = linkToken(await lastEmail(db, 'reset', body.email))
  t.equal((await post(app, '/password-reset/complete', { token, password: 'my new long passphrase' })).statusCode, 204)
  const res = await post(app, '/sign-in', { email: body.email, password: 'my new long passphrase' })
  t.equal(res.statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: '/me', headers: bearer(res.json().access_token) })).json().email_verified, true)
})
