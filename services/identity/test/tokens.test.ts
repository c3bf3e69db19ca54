import { randomUUID } from 'node:crypto'
import { InvalidTokenError } from '@hearing/service-kit'
import { testSigner, tokenCheck } from '@hearing/infra/testing'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import t from 'tap'
import { build, confirmedUser, sessionIdOf } from './helper.js'

t.test('signAccessToken: EdDSA at+jwt with the active kid, issuer, audience and a short life', async (t) => {
  const { app, config, db } = await build(t)
  await app.ready()
  const token = await app.tokens.signAccessToken({ sub: 'user-1', role: 'staff', sid: randomUUID() }, 600)
  const { kid } = await db.selectFrom('signing_keys').select('kid').executeTakeFirstOrThrow()
  t.same(decodeProtectedHeader(token), { alg: 'EdDSA', kid, typ: 'at+jwt' })
  const claims = decodeJwt(token)
  t.match(claims, { sub: 'user-1', role: 'staff', iss: config.JWT_ISSUER, aud: config.JWT_AUDIENCE })
  t.equal(claims.exp! - claims.iat!, 600)
  t.equal((decodeJwt(await app.tokens.signAccessToken({ sub: 'u', role: 'customer', sid: randomUUID() })).exp ?? 0) - Math.floor(Date.now() / 1000) <= 900, true)
  await t.rejects(app.tokens.signAccessToken({ sub: 'user-1', role: 'admin', sid: randomUUID() }, 901), RangeError, 'no token outlives 15 minutes')
  await t.rejects(app.tokens.signAccessToken({ sub: 'user-1', role: 'root' as 'admin', sid: randomUUID() }), TypeError, 'unknown roles are refused')
  await t.rejects(app.tokens.signAccessToken({ sub: 'user-1', role: 'admin', sid: '' }), TypeError, 'every token names its session')
})

t.test('tokens verify with the kit verifier over a real fetch of the JWKS; foreign ones do not', async (t) => {
  const { app, config } = await build(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const verify = await tokenCheck({
    jwks: new URL(`http://127.0.0.1:${port}/.well-known/jwks.json`),
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  })
  const sid = randomUUID()
  const token = await app.tokens.signAccessToken({ sub: 'user-42', role: 'admin', sid })
  t.same(await verify(token), { id: 'user-42', role: 'admin', sessionId: sid })

  // Same issuer, audience and even the same kid: only the signature gives it away.
  const [kid] = ((await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid)
  const forger = await testSigner(kid)
  const forged = await forger.sign({ sub: 'user-42', role: 'admin' })
  await t.rejects(verify(forged), InvalidTokenError)
  await t.rejects(verify(await testSigner('other-kid').then((s) => s.sign({ sub: 'user-42', role: 'admin' }))), InvalidTokenError)
})

t.test('identity verifies bearer tokens with its own keys, locally', async (t) => {
  const { app, db } = await build(t)
  app.get('/whoami', { preHandler: app.requireRole() }, async (req) => req.user)
  // A real account: requireRole also asks whether the token's account and session still stand.
  const { userId, accessToken } = await confirmedUser(app, db)
  const sid = sessionIdOf(accessToken)
  const good = await app.tokens.signAccessToken({ sub: userId, role: 'customer', sid })
  const ok = await app.inject({ method: 'GET', url: '/whoami', headers: { authorization: `Bearer ${good}` } })
  t.same(ok.json(), { id: userId, role: 'customer', sessionId: sid })
  const forged = await (await testSigner()).sign({ sub: userId, role: 'admin' })
  const refused = await app.inject({ method: 'GET', url: '/whoami', headers: { authorization: `Bearer ${forged}` } })
  t.equal(refused.statusCode, 401)
})
