import { createService, serviceEnvSchema } from '@hearing/service-kit'
import { freshDatabase, TEST_INTERNAL_TOKEN } from '@hearing/infra/testing'
import t from 'tap'
import { bearer, build, confirmedUser, makeRole, post, REFRESH, setCookie } from './helper.js'

/**
 * A privileged route of ANOTHER service (built with the kit as messaging-sync,
 * scheduling, … are) against a running identity. Revocation counts there within the service's
 * SESSION_CHECK_CACHE_MS; with 0 (identity asked on every request), at once.
 */
async function stack(t: Parameters<typeof build>[0], cacheMs = '0') {
  const identity = await build(t)
  await identity.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = identity.app.server.address() as { port: number }
  const config = serviceEnvSchema.parse({
    DATABASE_URL: await freshDatabase(t),
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    IDENTITY_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    SESSION_CHECK_CACHE_MS: cacheMs,
  })
  const other = await createService(config, { name: 'other', schema: 'other', migrations: {}, logLevel: false })
  other.get('/admin/mailbox', { preHandler: other.requireRole('admin') }, async () => ({ secrets: true }))
  other.get('/mine', { preHandler: other.requireRole() }, async (req) => ({ id: req.user!.id }))
  t.teardown(() => other.close())
  return { ...identity, other }
}

t.test('with SESSION_CHECK_CACHE_MS=0 a demoted admin token loses admin rights in every service at once', async (t) => {
  const { app, db, other } = await stack(t)
  const boss = await confirmedUser(app, db)
  const bossToken = await makeRole(app, db, boss, 'admin')
  const user = await confirmedUser(app, db)
  await makeRole(app, db, user, 'admin')
  // Their own token as admin, from a fresh sign-in.
  const signedIn = (await post(app, '/sign-in', { email: user.email, password: user.password })).json() as { access_token: string }
  const mailbox = () => other.inject({ method: 'GET', url: '/admin/mailbox', headers: bearer(signedIn.access_token) })
  t.equal((await mailbox()).statusCode, 200, 'an admin reads the mailbox')

  const demote = await app.inject({ method: 'PATCH', url: `/admin/users/${user.userId}/role`, payload: { role: 'customer' }, headers: bearer(bossToken) })
  t.equal(demote.statusCode, 200)
  const after = await mailbox()
  t.comment(`demoted admin's kept token on another service's admin route: ${after.statusCode}`)
  t.not(after.statusCode, 200, 'refused at once, not after the token expires')
  t.ok([401, 403].includes(after.statusCode))
})

t.test('with SESSION_CHECK_CACHE_MS=0 sign-out, a password change elsewhere and a removed account end access tokens at once', async (t) => {
  const { app, db, other } = await stack(t)
  const user = await confirmedUser(app, db)
  const mine = (token: string) => other.inject({ method: 'GET', url: '/mine', headers: bearer(token) })
  const statuses: Record<string, number> = {}

  // Two browsers: A signs out; B's token keeps working.
  const a = await post(app, '/sign-in', { email: user.email, password: user.password })
  const b = await post(app, '/sign-in', { email: user.email, password: user.password })
  const tokenA = (a.json() as { access_token: string }).access_token
  const tokenB = (b.json() as { access_token: string }).access_token
  t.equal((await mine(tokenA)).statusCode, 200)
  await post(app, '/sign-out', undefined, {}, { [REFRESH]: setCookie(a, REFRESH)!.value })
  statuses.signOut = (await mine(tokenA)).statusCode
  t.equal(statuses.signOut, 401, 'the signed-out session\'s token is refused')
  t.equal((await mine(tokenB)).statusCode, 200, 'another browser is unaffected')

  // B changes the password: B stays, C (another session) ends.
  const c = await post(app, '/sign-in', { email: user.email, password: user.password })
  const tokenC = (c.json() as { access_token: string }).access_token
  const change = await app.inject({
    method: 'POST',
    url: '/me/password',
    payload: { current_password: user.password, new_password: 'a brand new passphrase' },
    headers: bearer(tokenB),
    cookies: { [REFRESH]: setCookie(b, REFRESH)!.value },
  })
  t.equal(change.statusCode, 204)
  statuses.passwordChange = (await mine(tokenC)).statusCode
  t.equal(statuses.passwordChange, 401, 'other sessions end with a password change')
  t.equal((await mine(tokenB)).statusCode, 200, 'the browser that changed it stays signed in')

  await db.deleteFrom('users').where('id', '=', user.userId).execute()
  statuses.removed = (await mine(tokenB)).statusCode
  t.equal(statuses.removed, 401, 'a removed account is signed out everywhere')
  t.comment(`after revocation, another service answered: ${JSON.stringify(statuses)}`)
})

t.test('with a cache window another service refuses a signed-out session within it', async (t) => {
  const windowMs = 300
  const { app, db, other } = await stack(t, String(windowMs))
  const user = await confirmedUser(app, db)
  const signedIn = await post(app, '/sign-in', { email: user.email, password: user.password })
  const token = (signedIn.json() as { access_token: string }).access_token
  const mine = async () => (await other.inject({ method: 'GET', url: '/mine', headers: bearer(token) })).statusCode
  t.equal(await mine(), 200)
  const signedOutAt = Date.now()
  await post(app, '/sign-out', undefined, {}, { [REFRESH]: setCookie(signedIn, REFRESH)!.value })
  let status = await mine()
  while (status === 200 && Date.now() - signedOutAt < 10_000) {
    await new Promise((r) => setTimeout(r, 10))
    status = await mine()
  }
  const took = Date.now() - signedOutAt
  t.equal(status, 401, 'the signed-out session is refused')
  t.comment(`refused ${took} ms after sign-out (window ${windowMs} ms)`)
  // The window counts from identity's last answer, given before the sign-out; the rest is request time.
  t.ok(took < windowMs + 1000, `within the window (${took} ms)`)
})

t.test('the internal session check needs the service credential', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'POST', url: '/internal/sessions/check', payload: { sub: 'x', role: 'admin' } })
  t.equal(res.statusCode, 403)
})
