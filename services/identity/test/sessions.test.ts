import t from 'tap'
import { bearer, build, confirmedUser, ORIGIN, post, REFRESH, setCookie } from './helper.js'

const refresh = (app: Parameters<typeof post>[0], token: string, headers: Record<string, string> = {}) => post(app, '/token/refresh', undefined, headers, { [REFRESH]: token })

t.test('every refresh rotates the cookie; the old one then fails and its reuse revokes the whole family', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const first = await refresh(app, user.refresh)
  t.equal(first.statusCode, 200)
  t.match(first.json(), { expires_in: 900, user: { id: user.userId } })
  const second = setCookie(first, REFRESH)!.value
  t.not(second, user.refresh, 'a new refresh token')
  const third = setCookie(await refresh(app, second), REFRESH)!.value
  t.ok(third)

  // The first token comes back long after it was used: a stolen copy.
  await db.updateTable('refresh_tokens').set({ used_at: new Date(Date.now() - 60_000) }).where('used_at', 'is not', null).execute()
  const replay = await refresh(app, user.refresh)
  t.equal(replay.statusCode, 401)
  t.equal(replay.json().message, 'Your session has ended. Please sign in again.')
  t.match(setCookie(replay, REFRESH)?.attributes.join(';'), /Expires=Thu, 01 Jan 1970/, 'the cookie is cleared')
  const afterReuse = await refresh(app, third)
  t.equal(afterReuse.statusCode, 401, 'the newest token of that family is revoked too')

  const otherSession = await post(app, '/sign-in', { email: user.email, password: user.password })
  t.equal((await refresh(app, setCookie(otherSession, REFRESH)!.value)).statusCode, 200, 'other sessions of the user carry on')
})

t.test('two tabs refreshing at once both get the same new token (grace), not a revocation', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const [a, b] = await Promise.all([refresh(app, user.refresh), refresh(app, user.refresh)])
  t.equal(a.statusCode, 200)
  t.equal(b.statusCode, 200)
  const tokenA = setCookie(a, REFRESH)!.value
  t.equal(setCookie(b, REFRESH)!.value, tokenA, 'the same successor for both')
  t.equal((await refresh(app, tokenA)).statusCode, 200, 'and it works')
  // A third request with the original token within the grace period follows the chain to the newest.
  const late = await refresh(app, user.refresh)
  t.equal(late.statusCode, 200)
  t.equal((await db.selectFrom('refresh_tokens').select('id').where('revoked_at', 'is not', null).execute()).length, 0, 'nothing revoked')
})

t.test('no cookie is no session (204); unknown, expired and absolute-expired refresh tokens are refused', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const anonymous = await post(app, '/token/refresh')
  t.equal(anonymous.statusCode, 204, 'no cookie: no session, and no error for a visitor who never signed in')
  t.equal(anonymous.body, '')
  t.equal((await refresh(app, 'made-up-token')).statusCode, 401, 'unknown')

  await db.updateTable('refresh_tokens').set({ expires_at: new Date(Date.now() - 1000) }).execute()
  t.equal((await refresh(app, user.refresh)).statusCode, 401, 'idle lifetime over')

  const again = setCookie(await post(app, '/sign-in', { email: user.email, password: user.password }), REFRESH)!.value
  await db.updateTable('refresh_tokens').set({ absolute_expires_at: new Date(Date.now() - 1000) }).where('revoked_at', 'is', null).where('used_at', 'is', null).execute()
  t.equal((await refresh(app, again)).statusCode, 401, 'absolute lifetime over, however active')
})

t.test('a rotated token never outlives the absolute session lifetime', async (t) => {
  const { app, db } = await build(t, { REFRESH_TOKEN_TTL_DAYS: '14', SESSION_MAX_DAYS: '20' })
  const user = await confirmedUser(app, db)
  // The session started 19 days ago: one day is left of it.
  await db.updateTable('refresh_tokens').set({ absolute_expires_at: new Date(Date.now() + 86_400_000) }).execute()
  const res = await refresh(app, user.refresh)
  t.equal(res.statusCode, 200)
  const maxAge = Number(setCookie(res, REFRESH)!.attributes.find((a) => a.startsWith('Max-Age='))!.split('=')[1])
  t.ok(maxAge <= 86_400 && maxAge > 86_000, `cookie ends with the session (${maxAge} s), not 14 days later`)
})

t.test('sign-out revokes the session and clears the cookie', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const rotated = setCookie(await refresh(app, user.refresh), REFRESH)!.value
  const res = await post(app, '/sign-out', undefined, {}, { [REFRESH]: rotated })
  t.equal(res.statusCode, 204)
  const cleared = setCookie(res, REFRESH)!
  t.equal(cleared.value, '')
  t.ok(cleared.attributes.includes('Path=/api/identity'))
  t.equal((await refresh(app, rotated)).statusCode, 401, 'the signed-out token no longer works')
  t.equal((await post(app, '/sign-out')).statusCode, 204, 'signing out without a session is harmless')
})

t.test('cookie routes refuse cross-site requests', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { referer: 'https://evil.example/page' }]) {
    const res = await app.inject({ method: 'POST', url: '/token/refresh', headers, cookies: { [REFRESH]: user.refresh } })
    t.equal(res.statusCode, 403, `refresh from ${JSON.stringify(headers)}`)
    t.equal(res.json().message, 'This request came from another site and was refused.')
    const out = await app.inject({ method: 'POST', url: '/sign-out', headers, cookies: { [REFRESH]: user.refresh } })
    t.equal(out.statusCode, 403, `sign-out from ${JSON.stringify(headers)}`)
    const signIn = await app.inject({ method: 'POST', url: '/sign-in', headers, payload: { email: user.email, password: user.password } })
    t.equal(signIn.statusCode, 403, `sign-in from ${JSON.stringify(headers)}`)
  }
  t.equal((await refresh(app, user.refresh, { origin: ORIGIN })).statusCode, 200, 'the site itself (PUBLIC_URL) is fine')
  const viaGateway = await app.inject({
    method: 'POST',
    url: '/sign-in',
    headers: { origin: 'http://127.0.0.1:8199', 'x-forwarded-host': '127.0.0.1:8199', 'x-forwarded-proto': 'http' },
    payload: { email: user.email, password: user.password },
  })
  t.equal(viaGateway.statusCode, 200, 'so is the address the browser actually used (as the gateway forwards it)')
  const sameSiteReferer = await app.inject({ method: 'POST', url: '/sign-out', headers: { referer: `${ORIGIN}/profile` } })
  t.equal(sameSiteReferer.statusCode, 204)
  const noHeaders = await app.inject({ method: 'POST', url: '/sign-out' })
  t.equal(noHeaders.statusCode, 204, 'non-browser callers (no Origin, no Referer) are not blocked')
})

t.test('the access token from a refresh works and carries the current role', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  await db.updateTable('users').set({ role: 'staff' }).where('id', '=', user.userId).execute()
  const res = await refresh(app, user.refresh)
  const me = await app.inject({ method: 'GET', url: '/me', headers: bearer(res.json().access_token) })
  t.equal(me.json().role, 'staff')
})
