import { OAuth2Server } from 'oauth2-mock-server'
import t from 'tap'
import { build, confirmedUser, post, REFRESH, setCookie, signUpBody, type App } from './helper.js'

const CLIENT_ID = 'test-client.apps.googleusercontent.com'
const STATE_COOKIE = 'oauth2-redirect-state'
const VERIFIER_COOKIE = 'oauth2-code-verifier'
const LANGUAGE_COOKIE = 'google-language'

interface MutableToken {
  header: Record<string, unknown>
  payload: Record<string, unknown>
}

/** oauth2-mock-server standing in for Google, with the claims Google puts in its ID tokens. */
async function fakeGoogle(t: Parameters<typeof build>[0]) {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  t.teardown(() => server.stop())
  let claims: Record<string, unknown> = {}
  let tamper: (token: MutableToken) => void = () => {}
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    if (token.payload.aud !== CLIENT_ID) return // the access token; only the ID token matters here
    Object.assign(token.payload, claims)
    tamper(token)
  })
  return {
    issuer: server.issuer.url!,
    identity(next: Record<string, unknown>) {
      claims = next
      tamper = () => {}
    },
    tamperWith(fn: (token: MutableToken) => void) {
      tamper = fn
    },
  }
}

async function setup(t: Parameters<typeof build>[0]) {
  const google = await fakeGoogle(t)
  const built = await build(t, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_ISSUER: google.issuer })
  return { ...built, google }
}

/** The browser's round trip: start, Google's consent (auto-approved by the mock), back to the callback. */
async function googleSignIn(app: App, { swapStateCookie, dropVerifier, language }: { swapStateCookie?: string; dropVerifier?: boolean; language?: string } = {}) {
  const start = await app.inject({ method: 'GET', url: language ? `/google/start?language=${language}` : '/google/start' })
  const authorize = new URL(start.headers.location as string)
  const languageCookie = setCookie(start, LANGUAGE_COOKIE)?.value
  const cookies: Record<string, string> = {
    [STATE_COOKIE]: swapStateCookie ?? setCookie(start, STATE_COOKIE)!.value,
    ...(dropVerifier ? {} : { [VERIFIER_COOKIE]: setCookie(start, VERIFIER_COOKIE)!.value }),
    ...(languageCookie ? { [LANGUAGE_COOKIE]: languageCookie } : {}),
  }
  const consent = await fetch(authorize, { redirect: 'manual' })
  const back = new URL(consent.headers.get('location')!)
  const callback = await app.inject({ method: 'GET', url: `/google/callback${back.search}`, cookies })
  return { start, authorize, callback }
}

t.test('Continue with Google: PKCE, state and nonce; a new account keyed on Google\'s sub; signed in, back at /', async (t) => {
  const { app, db, google, config } = await setup(t)
  t.same((await app.inject({ method: 'GET', url: '/google/status' })).json(), { enabled: true })
  google.identity({ sub: 'google-sub-1', email: 'Grace@Example.com', email_verified: true, given_name: 'Grace', family_name: 'Hopper' })
  const { start, authorize, callback } = await googleSignIn(app)

  t.equal(start.statusCode, 302)
  t.equal(`${authorize.origin}${authorize.pathname}`, `${google.issuer}/authorize`, 'to the issuer\'s authorization endpoint (discovery)')
  const q = authorize.searchParams
  t.equal(q.get('response_type'), 'code')
  t.equal(q.get('client_id'), CLIENT_ID)
  t.equal(q.get('redirect_uri'), `${config.PUBLIC_URL}/api/identity/google/callback`)
  t.same(q.get('scope')?.split(' ').sort(), ['email', 'openid', 'profile'])
  t.equal(q.get('code_challenge_method'), 'S256')
  t.match(q.get('code_challenge'), /^[A-Za-z0-9_-]{43}$/)
  t.ok(q.get('state') && q.get('nonce'), 'state and nonce')
  t.equal(setCookie(start, STATE_COOKIE)!.value, q.get('state'), 'the state is kept in a cookie')
  t.ok(setCookie(start, STATE_COOKIE)!.attributes.includes('HttpOnly'))
  t.ok(setCookie(start, STATE_COOKIE)!.attributes.includes('SameSite=Lax'), 'Lax, so it comes back with Google\'s redirect')

  t.equal(callback.statusCode, 302)
  t.equal(callback.headers.location, '/')
  const refresh = setCookie(callback, REFRESH)
  t.ok(refresh?.value, 'session cookie set')
  const user = await db.selectFrom('users').selectAll().where('google_sub', '=', 'google-sub-1').executeTakeFirstOrThrow()
  t.match(user, { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper', password_hash: null, role: 'customer' })
  t.ok(user.email_verified_at)

  const session = await post(app, '/token/refresh', undefined, {}, { [REFRESH]: refresh!.value })
  t.equal(session.statusCode, 200)
  t.equal(session.json().user.id, user.id)

  // Google's address changes later: still the same account, found by sub.
  google.identity({ sub: 'google-sub-1', email: 'grace.hopper@example.org', email_verified: true })
  const second = await googleSignIn(app)
  t.equal(second.callback.headers.location, '/')
  t.equal((await db.selectFrom('users').select('id').execute()).length, 1, 'no second account')
})

t.test('from the Spanish pages: a new account is Spanish and the round trip ends on /es; an existing account keeps its language', async (t) => {
  const { app, db, google } = await setup(t)
  google.identity({ sub: 'google-sub-es', email: 'lucia@example.com', email_verified: true, given_name: 'Lucía', family_name: 'Fuentes' })
  const { start, callback } = await googleSignIn(app, { language: 'es' })
  t.ok(setCookie(start, LANGUAGE_COOKIE)!.attributes.includes('HttpOnly'))
  t.equal(callback.headers.location, '/es')
  t.equal((await db.selectFrom('users').select('language').where('google_sub', '=', 'google-sub-es').executeTakeFirstOrThrow()).language, 'es')

  google.identity({ sub: 'google-sub-en', email: 'grace@example.com', email_verified: true })
  t.equal((await googleSignIn(app)).callback.headers.location, '/')
  t.equal((await googleSignIn(app, { language: 'es' })).callback.headers.location, '/es', 'back in the language the sign-in started from')
  t.equal((await db.selectFrom('users').select('language').where('google_sub', '=', 'google-sub-en').executeTakeFirstOrThrow()).language, 'en', 'an existing account keeps its language')

  google.identity({ sub: 'google-sub-x', email: 'nope@example.com', email_verified: false })
  t.equal((await googleSignIn(app, { language: 'es' })).callback.headers.location, '/es/auth?google=failed&reason=email_unverified', 'a refusal is explained in Spanish')
  t.equal((await app.inject({ method: 'GET', url: '/google/start?language=fr' })).statusCode, 400, 'an unknown language is a 400')
})

t.test('an existing password account is linked only when both addresses are verified', async (t) => {
  const { app, db, google } = await setup(t)
  const confirmed = await confirmedUser(app, db)
  google.identity({ sub: 'google-sub-2', email: confirmed.email, email_verified: true })
  const linked = await googleSignIn(app)
  t.equal(linked.callback.headers.location, '/')
  const row = await db.selectFrom('users').select(['id', 'google_sub']).where('email', '=', confirmed.email).executeTakeFirstOrThrow()
  t.same(row, { id: confirmed.userId, google_sub: 'google-sub-2' }, 'linked to the existing account')
  t.equal((await post(app, '/sign-in', { email: confirmed.email, password: confirmed.password })).statusCode, 200, 'the password still works too')

  const pending = signUpBody()
  await post(app, '/sign-up', pending)
  google.identity({ sub: 'google-sub-3', email: pending.email, email_verified: true })
  const refused = await googleSignIn(app)
  t.equal(refused.callback.headers.location, '/auth?google=failed&reason=account_unverified', 'our side never confirmed that address')
  t.notOk(setCookie(refused.callback, REFRESH))
  t.equal((await db.selectFrom('users').select('google_sub').where('email', '=', pending.email).executeTakeFirstOrThrow()).google_sub, null)

  google.identity({ sub: 'google-sub-4', email: confirmed.email, email_verified: false })
  const unverified = await googleSignIn(app)
  t.equal(unverified.callback.headers.location, '/auth?google=failed&reason=email_unverified', 'Google does not vouch for the address')

  google.identity({ sub: 'google-sub-5', email: confirmed.email, email_verified: true })
  const otherGoogle = await googleSignIn(app)
  t.equal(otherGoogle.callback.headers.location, '/auth?google=failed&reason=linked_elsewhere', 'the account is linked to another Google account')
})

t.test('bad ID tokens and broken flows are refused', async (t) => {
  const { app, db, google } = await setup(t)
  const cases: Array<[string, (token: MutableToken) => void]> = [
    ['another nonce', (tok) => void (tok.payload.nonce = 'replayed-nonce')],
    ['no nonce', (tok) => void delete tok.payload.nonce],
    ['another audience', (tok) => void (tok.payload.aud = 'someone-elses-client')],
    ['another issuer', (tok) => void (tok.payload.iss = 'https://evil.example')],
    ['expired', (tok) => void Object.assign(tok.payload, { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['a key not in the JWKS', (tok) => void (tok.header.kid = 'unknown-key')],
    ['another authorised party', (tok) => void (tok.payload.azp = 'someone-elses-client')],
  ]
  for (const [name, tamper] of cases) {
    google.identity({ sub: `sub-${name}`, email: 'mallory@example.com', email_verified: true })
    google.tamperWith(tamper)
    const { callback } = await googleSignIn(app)
    t.equal(callback.headers.location, '/auth?google=failed', `${name}: refused`)
    t.notOk(setCookie(callback, REFRESH), `${name}: no session`)
  }
  google.identity({ sub: 'sub-state', email: 'mallory@example.com', email_verified: true })
  t.equal((await googleSignIn(app, { swapStateCookie: 'state-from-another-browser' })).callback.headers.location, '/auth?google=failed', 'state must match the browser\'s cookie')
  t.equal((await googleSignIn(app, { dropVerifier: true })).callback.headers.location, '/auth?google=failed', 'the code is useless without the PKCE verifier')
  const denied = await app.inject({ method: 'GET', url: '/google/callback?error=access_denied&state=x' })
  t.equal(denied.headers.location, '/auth?google=failed', 'the person pressed Cancel at Google')
  t.equal((await db.selectFrom('users').select('id').execute()).length, 0, 'no account was created')

  google.identity({ sub: 'sub-untouched', email: 'mallory@example.com', email_verified: true })
  t.equal((await googleSignIn(app)).callback.headers.location, '/', 'the same flow untampered succeeds: the refusals were the tampering')
})

t.test('without Google credentials the button explains that Google sign-in is not set up', async (t) => {
  const { app } = await build(t)
  t.same((await app.inject({ method: 'GET', url: '/google/status' })).json(), { enabled: false })
  const start = await app.inject({ method: 'GET', url: '/google/start' })
  t.equal(start.statusCode, 503)
  t.equal(start.json().message, 'Google sign-in is not set up.')
  t.equal((await app.inject({ method: 'GET', url: '/google/callback?code=x&state=y' })).headers.location, '/auth?google=failed')
})
