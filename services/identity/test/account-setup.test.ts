import t, { type Test } from 'tap'
import { bearer, build, confirmedUser, lastEmail, linkToken, makeRole, post, REFRESH, setCookie, uniqueEmail } from './helper.js'

async function invited(t: Test) {
  const built = await build(t)
  const { app, db } = built
  const admin = await confirmedUser(app, db)
  const adminToken = await makeRole(app, db, admin, 'admin')
  const email = uniqueEmail('invited')
  const res = await app.inject({ method: 'POST', url: '/admin/patients', payload: { first_name: 'Katherine', last_name: 'Johnson', phone: '770-555-0101', email }, headers: bearer(adminToken) })
  t.equal(res.statusCode, 201)
  return { ...built, email, userId: res.json().id as string, token: linkToken(await lastEmail(db, 'invite', email)) }
}

t.test('an invited patient opens the link, sets a password and is signed in', async (t) => {
  const { app, email, userId, token } = await invited(t)
  const peek = await app.inject({ method: 'GET', url: `/account-setup?token=${token}` })
  t.equal(peek.statusCode, 200)
  t.same(peek.json(), { email })

  const res = await post(app, '/account-setup', { token, email: email.toUpperCase(), password: 'a long passphrase of mine' })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { expires_in: 900, user: { id: userId, email, email_verified: true, first_name: 'Katherine', phone: '770-555-0101' } })
  t.ok(setCookie(res, REFRESH)?.value, 'signed in: refresh cookie')
  t.equal((await app.inject({ method: 'GET', url: '/me', headers: bearer(res.json().access_token) })).json().id, userId)
  t.equal((await post(app, '/sign-in', { email, password: 'a long passphrase of mine' })).statusCode, 200, 'and can sign in later')

  const again = await app.inject({ method: 'GET', url: `/account-setup?token=${token}` })
  t.equal(again.statusCode, 400, 'the link works once')
  t.equal(again.json().message, 'This account setup link is invalid or expired.')
  t.equal((await post(app, '/account-setup', { token, email, password: 'another long passphrase' })).statusCode, 400)
})

t.test('account setup checks the token, the e-mail address and the password rules', async (t) => {
  const { app, db, email, token } = await invited(t)
  for (const url of ['/account-setup', '/account-setup?token=', '/account-setup?token=forged']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 400, url)
    t.equal(res.json().message, 'This account setup link is invalid or expired.')
  }
  const forged = await post(app, '/account-setup', { token: 'forged', email, password: 'a long passphrase of mine' })
  t.equal(forged.json().message, 'This account setup link is invalid or expired.')
  const otherEmail = await post(app, '/account-setup', { token, email: 'someone.else@example.com', password: 'a long passphrase of mine' })
  t.equal(otherEmail.statusCode, 400)
  t.match(otherEmail.json().message, /does not match/)
  t.equal((await post(app, '/account-setup', { token, email, password: 'short' })).json().message, 'Password must be at least 8 characters long.')
  t.equal((await post(app, '/account-setup', { token, email, password: 'football' })).json().message, 'This password is too common. Please choose another.')
  t.equal((await post(app, '/account-setup', { token, email, password: 'a long passphrase of mine', role: 'admin' })).statusCode, 400)
  t.equal((await app.inject({ method: 'GET', url: `/account-setup?token=${token}` })).statusCode, 200, 'failed attempts do not use the link up')

  await db.updateTable('one_time_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('purpose', '=', 'invite').execute()
  t.equal((await app.inject({ method: 'GET', url: `/account-setup?token=${token}` })).statusCode, 400, 'expired links are refused')
})
