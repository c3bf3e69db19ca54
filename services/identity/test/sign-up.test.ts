import t from 'tap'
import { build, lastEmail, linkToken, LOCATION_UID, post, REFRESH, setCookie, SIGN_UP, signUpBody, signUpBrowser, STRONG_PASSWORD, uniqueEmail } from './helper.js'

t.test('sign-up stores the account unconfirmed and queues a confirmation e-mail whose link signs in', async (t) => {
  const { app, db } = await build(t)
  const body = signUpBody({ email: '  Ada.Lovelace@Example.COM ' })
  const res = await post(app, '/sign-up', body)
  t.equal(res.statusCode, 201)
  t.same(res.json(), { status: 'confirmation_sent' })
  t.notOk(setCookie(res, REFRESH), 'no session before the address is confirmed')

  const user = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow()
  t.match(user, { email: 'ada.lovelace@example.com', first_name: 'Ada', last_name: 'Lovelace', phone: '(770) 555-0142', role: 'customer', country: 'US', preferred_location_uid: LOCATION_UID, email_verified_at: null })
  t.match(user.password_hash, /^\$scrypt\$v=1\$ln=\d+,r=8,p=1\$/, 'a versioned scrypt hash (parameters: test/passwords.test.ts)')
  t.notOk(user.password_hash!.includes(STRONG_PASSWORD), 'never the password itself')
  t.equal(user.address_line1, null, 'no address block, no address')

  const email = await lastEmail(db, 'confirm', 'ada.lovelace@example.com')
  t.ok(email, 'a confirmation e-mail is in the outbox, committed with the account')
  t.match(email!.subject, /Confirm your email address/)
  t.match(email!.text, /^Hello Ada,/)
  t.match(email!.text, /http:\/\/localhost:8080\/api\/identity\/confirm-email\?token=/)
  t.match(email!.html, /<html lang="en">/)
  const token = linkToken(email)
  t.notOk(await db.selectFrom('one_time_tokens').selectAll().where('token_hash', '=', token).executeTakeFirst(), 'the token is stored hashed')

  const signInBefore = await post(app, '/sign-in', { email: body.email, password: STRONG_PASSWORD })
  t.equal(signInBefore.statusCode, 403, 'an unconfirmed account cannot sign in yet')

  const browser = signUpBrowser(res)
  t.match(setCookie(res, SIGN_UP)!.attributes, ['Max-Age=604800', 'Path=/api/identity/confirm-email', 'HttpOnly', 'Secure', 'SameSite=Lax'], 'the browser that signed up is marked, for its confirmation link only')
  const confirmed = await app.inject({ method: 'GET', url: `/confirm-email?token=${token}`, cookies: browser })
  t.equal(confirmed.statusCode, 302)
  t.equal(confirmed.headers.location, '/', 'lands on the site root')
  const cookie = setCookie(confirmed, REFRESH)
  t.ok(cookie?.value, 'signed in: a refresh cookie is set')
  const refreshed = await post(app, '/token/refresh', undefined, {}, { [REFRESH]: cookie!.value })
  t.equal(refreshed.statusCode, 200, 'and that session gives an access token')
  t.match(refreshed.json(), { user: { email: 'ada.lovelace@example.com', email_verified: true, full_name: 'Ada Lovelace' } })

  const again = await app.inject({ method: 'GET', url: `/confirm-email?token=${token}` })
  t.equal(again.headers.location, '/auth?confirm=already', 'a second click says the account is confirmed, without a session')
  t.notOk(setCookie(again, REFRESH))
  const bogus = await app.inject({ method: 'GET', url: '/confirm-email?token=not-a-token' })
  t.equal(bogus.headers.location, '/auth?confirm=invalid')
  const missing = await app.inject({ method: 'GET', url: '/confirm-email' })
  t.equal(missing.headers.location, '/auth?confirm=invalid')
})

t.test('the optional address block is stored when sent; the country is always US', async (t) => {
  const { app, db } = await build(t)
  const body = signUpBody({ address: { address_line1: '12 Main St', address_line2: 'Apt 4', city: 'Gainesville', state: 'GA', zip_code: '30501' } })
  t.equal((await post(app, '/sign-up', body)).statusCode, 201)
  const user = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow()
  t.match(user, { address_line1: '12 Main St', address_line2: 'Apt 4', city: 'Gainesville', state: 'GA', zip_code: '30501', country: 'US' })

  const withCountry = await post(app, '/sign-up', signUpBody({ address: { address_line1: '1 A St', city: 'X', state: 'GA', zip_code: '30501', country: 'FR' } }))
  t.equal(withCountry.statusCode, 400, 'a country in the address is refused, not stored')
  const noStreet = await post(app, '/sign-up', signUpBody({ address: { address_line1: '', city: 'X', state: 'GA', zip_code: '30501' } }))
  t.equal(noStreet.statusCode, 400, 'an address block needs its street address')
  const badZip = await post(app, '/sign-up', signUpBody({ address: { address_line1: '1 A St', city: 'X', state: 'GA', zip_code: '3050' } }))
  t.equal(badZip.statusCode, 400)
})

t.test('an address that has an account gets the spec message', async (t) => {
  const { app, db } = await build(t)
  const email = uniqueEmail()
  t.equal((await post(app, '/sign-up', signUpBody({ email }))).statusCode, 201)
  const res = await post(app, '/sign-up', signUpBody({ email: email.toUpperCase() }))
  t.equal(res.statusCode, 409)
  t.equal(res.json().message, 'An account with this email already exists. Please try signing in instead.')
  t.equal((await db.selectFrom('users').select('id').execute()).length, 1)
  t.equal((await db.selectFrom('outbox').select('id').execute()).length, 1, 'no second e-mail')
})

t.test('password rules: at least 8 characters, not a common password; long and Unicode ones work', async (t) => {
  const { app } = await build(t)
  const short = await post(app, '/sign-up', signUpBody({ password: 'Ab1!xyz' }))
  t.equal(short.statusCode, 400)
  t.equal(short.json().message, 'Password must be at least 8 characters long.')
  for (const common of ['password', 'Password1', 'qwertyuiop', '12345678', 'iloveyou']) {
    const res = await post(app, '/sign-up', signUpBody({ password: common }))
    t.equal(res.statusCode, 400, `${common} is refused`)
    t.equal(res.json().message, 'This password is too common. Please choose another.')
  }
  const long = await post(app, '/sign-up', signUpBody({ password: 'x'.repeat(1000) + 'ü' }))
  t.equal(long.statusCode, 201, 'a 1001-character password is accepted')
  const unicode = await post(app, '/sign-up', signUpBody({ password: 'Grüße aus Gainesville 🌳' }))
  t.equal(unicode.statusCode, 201, 'a Unicode password is accepted')
  const tooLong = await post(app, '/sign-up', signUpBody({ password: 'y'.repeat(1025) }))
  t.equal(tooLong.statusCode, 400)
})

t.test('sign-up bodies: every field required, unknown fields such as role refused with 400', async (t) => {
  const { app, db } = await build(t)
  for (const extra of [{ role: 'admin' }, { email_verified: true }, { id: '00000000-0000-0000-0000-000000000000' }, { confirm_password: STRONG_PASSWORD }]) {
    const res = await post(app, '/sign-up', signUpBody(extra))
    t.equal(res.statusCode, 400, `${Object.keys(extra)[0]} is refused`)
    t.match(res.json().message, /unknown field/)
  }
  for (const field of ['first_name', 'last_name', 'email', 'phone', 'password', 'preferred_location_uid']) {
    const body: Record<string, unknown> = signUpBody()
    delete body[field]
    const res = await post(app, '/sign-up', body)
    t.equal(res.statusCode, 400, `${field} is required`)
  }
  t.equal((await post(app, '/sign-up', signUpBody({ email: 'not-an-email' }))).statusCode, 400)
  t.equal((await post(app, '/sign-up', signUpBody({ phone: 'call me' }))).statusCode, 400)
  // Seven digits looked like a phone to the old rule; no US number is that short.
  const short = await post(app, '/sign-up', signUpBody({ phone: '555-1234' }))
  t.equal(short.statusCode, 400)
  t.match(short.json().message, /body\.phone: Please enter a valid phone number\./)
  // The confirmation e-mail to the address typed greets by the first name: no link may ride in it.
  const phishing = await post(app, '/sign-up', signUpBody({ first_name: 'Visit http://phish.example/x now' }))
  t.equal(phishing.statusCode, 400)
  t.match(phishing.json().message, /first_name: may contain only letters, spaces, hyphens, apostrophes and periods/)
  t.equal((await db.selectFrom('users').select('id').execute()).length, 0, 'nothing was stored')
  t.equal((await db.selectFrom('outbox').select('id').execute()).length, 0, 'and no e-mail went to the stranger')
})

t.test('resend-confirmation answers the same for every address and sends only to pending accounts, a few per hour', async (t) => {
  const { app, db } = await build(t)
  const email = uniqueEmail()
  await post(app, '/sign-up', signUpBody({ email }))
  const unknown = await post(app, '/resend-confirmation', { email: uniqueEmail('nobody') })
  const pending = await post(app, '/resend-confirmation', { email })
  t.equal(unknown.statusCode, 202)
  t.equal(pending.statusCode, 202)
  t.same(unknown.json(), pending.json(), 'identical answers')
  const count = async () => (await db.selectFrom('outbox').select('id').where('key', 'like', 'email:confirm:%').execute()).length
  t.equal(await count(), 2, 'the pending account got a second e-mail')
  for (let i = 0; i < 3; i++) await post(app, '/resend-confirmation', { email })
  t.equal(await count(), 3, 'at most 3 confirmation e-mails per hour')

  const first = (await db.selectFrom('outbox').select('payload').where('key', 'like', 'email:confirm:%').orderBy('created_at').execute())[0]!.payload
  const oldLink = await app.inject({ method: 'GET', url: `/confirm-email?token=${linkToken(first)}` })
  t.equal(oldLink.headers.location, '/auth?confirm=invalid', 'only the newest link works')
})

t.test("a confirmation link opened in another browser confirms the address but signs nobody in (no login CSRF)", async (t) => {
  const { app, db } = await build(t)
  // The attacker signs up with an address of their own and sends the fresh link to the victim.
  const body = signUpBody()
  const attackerSignUp = await post(app, '/sign-up', body)
  const token = linkToken(await lastEmail(db, 'confirm', body.email))
  const victim = await app.inject({ method: 'GET', url: `/confirm-email?token=${token}` })
  t.equal(victim.headers.location, '/auth?confirm=already', 'the victim is sent to sign in')
  t.notOk(setCookie(victim, REFRESH), "and holds no session of the attacker's account")
  const forged = await app.inject({ method: 'GET', url: `/confirm-email?token=${token}`, cookies: { [SIGN_UP]: 'a-guessed-value' } })
  t.notOk(setCookie(forged, REFRESH), 'a made-up browser cookie does not pass either')
  const user = await db.selectFrom('users').select('email_verified_at').where('email', '=', body.email.toLowerCase()).executeTakeFirstOrThrow()
  t.ok(user.email_verified_at, 'the address is confirmed all the same')
  t.equal((await post(app, '/sign-in', { email: body.email, password: body.password })).statusCode, 200, 'and its password signs in')
  t.ok(signUpBrowser(attackerSignUp), "the sign-up's own browser had its cookie")
})
