import { injectAsClient } from '@hearing/infra/testing'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import t from 'tap'
import { bearer, build, confirmedUser, lastEmail, linkToken, ORIGIN, post, REFRESH, setCookie, signUpBody, signUpBrowser, STRONG_PASSWORD, uniqueEmail } from './helper.js'

t.test('sign-in returns a short-lived EdDSA access token, the user and a refresh cookie', async (t) => {
  const { app, db, config } = await build(t)
  const user = await confirmedUser(app, db)
  const res = await post(app, '/sign-in', { email: user.email.toUpperCase(), password: user.password })
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.equal(body.expires_in, 900)
  t.match(body.user, { id: user.userId, email: user.email, role: 'customer', email_verified: true, first_name: 'Ada', phone: '(770) 555-0142' })
  t.same(Object.keys(body.user).sort(), ['address_line1', 'address_line2', 'city', 'created_at', 'email', 'email_verified', 'first_name', 'full_name', 'id', 'language', 'last_name', 'phone', 'preferred_location_uid', 'role', 'state', 'zip_code'], 'exactly the contract fields: no hash, no google sub')
  t.match(decodeProtectedHeader(body.access_token), { alg: 'EdDSA', typ: 'at+jwt' })
  const claims = decodeJwt(body.access_token)
  t.match(claims, { sub: user.userId, role: 'customer', email: user.email, iss: config.JWT_ISSUER, aud: config.JWT_AUDIENCE })
  t.ok(claims.exp! - claims.iat! <= 900, 'lives at most 15 minutes')
  t.equal(res.headers['cache-control'], 'no-store')

  const cookie = setCookie(res, REFRESH)!
  t.ok(cookie.value.length >= 40, 'an opaque random refresh token')
  t.same(
    cookie.attributes.filter((a) => !/^(Max-Age|Expires)=/.test(a)).sort(),
    ['HttpOnly', 'Path=/api/identity', 'SameSite=Strict', 'Secure'],
    'HttpOnly, Secure, SameSite=Strict, scoped to identity',
  )
  const maxAge = Number(cookie.attributes.find((a) => a.startsWith('Max-Age='))!.split('=')[1])
  t.ok(maxAge > 13 * 86400 && maxAge <= 14 * 86400, 'lives for the idle lifetime (14 days)')
  const stored = await db.selectFrom('refresh_tokens').select('token_hash').execute()
  t.notOk(stored.some((r) => r.token_hash === cookie.value), 'stored hashed only')

  const me = await app.inject({ method: 'GET', url: '/me', headers: bearer(body.access_token) })
  t.equal(me.statusCode, 200)
  t.equal(me.json().id, user.userId)
})

t.test('wrong credentials give one message whatever the cause', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const wrongPassword = await post(app, '/sign-in', { email: user.email, password: 'not the password at all' })
  const unknownEmail = await post(app, '/sign-in', { email: uniqueEmail('nobody'), password: user.password })
  // An account created by staff without a password (waiting for its invite) has no password to match.
  await db.insertInto('users').values({ email: 'invited@example.com', password_hash: null, email_verified_at: null }).execute()
  const noPassword = await post(app, '/sign-in', { email: 'invited@example.com', password: user.password })
  for (const res of [wrongPassword, unknownEmail, noPassword]) {
    t.equal(res.statusCode, 401)
    t.same(res.json(), { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' })
    t.notOk(setCookie(res, REFRESH))
  }
})

t.test('an unconfirmed account is told so (only with the right password) and can get the e-mail again', async (t) => {
  const { app, db } = await build(t)
  const body = signUpBody()
  const signUp = await post(app, '/sign-up', body)
  const wrong = await post(app, '/sign-in', { email: body.email, password: 'wrong password here' })
  t.equal(wrong.statusCode, 401, 'a wrong password does not reveal that the account exists')
  const right = await post(app, '/sign-in', { email: body.email, password: body.password })
  t.equal(right.statusCode, 403)
  t.same(right.json(), { statusCode: 403, error: 'Forbidden', message: 'Please confirm your email address first. We can send the link again.', code: 'email_not_confirmed' })
  t.notOk(setCookie(right, REFRESH))

  t.equal((await post(app, '/resend-confirmation', { email: body.email })).statusCode, 202)
  const token = linkToken(await lastEmail(db, 'confirm', body.email))
  t.equal((await app.inject({ method: 'GET', url: `/confirm-email?token=${token}`, cookies: signUpBrowser(signUp) })).headers.location, '/')
  t.equal((await post(app, '/sign-in', { email: body.email, password: body.password })).statusCode, 200, 'signs in once confirmed')
})

t.test('guesses from many addresses: the account is throttled for addresses and browsers it does not know, never for good', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  // Ten guesses from ten different addresses: the account's own limit.
  const guesses = await Promise.all(
    Array.from({ length: 10 }, (_, i) => post(app, '/sign-in', { email: user.email, password: `guess number ${i}` }, { 'x-forwarded-for': `203.0.113.${i + 1}` })),
  )
  t.same(guesses.map((r) => r.statusCode), Array(10).fill(401))
  const blocked = await post(app, '/sign-in', { email: user.email, password: user.password }, { 'x-forwarded-for': '198.51.100.7' })
  t.equal(blocked.statusCode, 429, 'even the right password waits while the account is throttled')
  t.equal(blocked.json().message, 'Too many sign-in attempts. Please wait a few minutes and try again.')
  const retryAfter = Number(blocked.headers['retry-after'])
  t.ok(retryAfter > 0 && retryAfter <= 15 * 60, 'Retry-After says when (within 15 minutes)')
  t.notOk(setCookie(blocked, REFRESH))
  const known = await post(app, '/sign-in', { email: user.email, password: user.password })
  t.equal(known.statusCode, 200, 'the owner at the address they signed in from gets in')

  const other = await confirmedUser(app, db)
  t.equal((await post(app, '/sign-in', { email: other.email, password: other.password }, { 'x-forwarded-for': '203.0.113.1' })).statusCode, 200, 'other accounts are not affected')

  // The window ends: the owner signs in again.
  await db.updateTable('login_throttle').set({ window_start: new Date(Date.now() - 16 * 60_000) }).execute()
  const later = await post(app, '/sign-in', { email: user.email, password: user.password }, { 'x-forwarded-for': '198.51.100.7' })
  t.equal(later.statusCode, 200, 'the block lifts when the window ends')
})

t.test('a password reset lifts an account block at once', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  for (let i = 0; i < 10; i++) await post(app, '/sign-in', { email: user.email, password: `guess ${i} wrong` }, { 'x-forwarded-for': `203.0.113.${i + 1}` })
  const elsewhere = { 'x-forwarded-for': '198.51.100.9' }
  t.equal((await post(app, '/sign-in', { email: user.email, password: user.password }, elsewhere)).statusCode, 429)
  await post(app, '/password-reset/request', { email: user.email })
  const token = linkToken(await lastEmail(db, 'reset', user.email))
  t.equal((await post(app, '/password-reset/complete', { token, password: 'a brand new passphrase' })).statusCode, 204)
  t.equal((await post(app, '/sign-in', { email: user.email, password: 'a brand new passphrase' }, elsewhere)).statusCode, 200)
})

t.test('repeated failures are throttled per address across accounts', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const attacker = { 'x-forwarded-for': '192.0.2.66' }
  // Thirty at once may find the password hasher full (503 with Retry-After): asked again, as the SPA would.
  const guesses = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      injectAsClient(app, { method: 'POST', url: '/sign-in', payload: { email: `victim${i}@example.com`, password: 'guess guess guess' }, headers: { origin: ORIGIN, ...attacker } }),
    ),
  )
  t.same(guesses.map((r) => r.statusCode), Array(30).fill(401))
  const blocked = await post(app, '/sign-in', { email: user.email, password: user.password }, attacker)
  t.equal(blocked.statusCode, 429, 'that address is throttled, for every account')
  const owner = await post(app, '/sign-in', { email: user.email, password: user.password }, { 'x-forwarded-for': '198.51.100.20' })
  t.equal(owner.statusCode, 200, 'the owner, elsewhere, is not')
})

t.test('sign-in bodies: both fields required, nothing else accepted', async (t) => {
  const { app } = await build(t)
  t.equal((await post(app, '/sign-in', { email: 'a@example.com' })).statusCode, 400)
  t.equal((await post(app, '/sign-in', { password: STRONG_PASSWORD })).statusCode, 400)
  t.equal((await post(app, '/sign-in', { email: 'a@example.com', password: STRONG_PASSWORD, role: 'admin' })).statusCode, 400)
})
