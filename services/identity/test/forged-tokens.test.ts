import { testSigner } from '@hearing/infra/testing'
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose'
import t from 'tap'
import { sealerFrom } from '../src/signing-keys/index.js'
import { bearer, build, confirmedUser, makeRole } from './helper.js'

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

t.test('forged and tampered access tokens are refused on every protected route', async (t) => {
  const { app, db, config } = await build(t)
  const user = await confirmedUser(app, db)
  const adminToken = await makeRole(app, db, user, 'admin')
  const now = Math.floor(Date.now() / 1000)
  // A genuine session id, so that each token below is refused for the one thing wrong with it.
  const claims = { sub: user.userId, role: 'admin', sid: decodeJwt(adminToken).sid, iss: config.JWT_ISSUER, aud: config.JWT_AUDIENCE, iat: now, exp: now + 600 }

  const { kid } = decodeProtectedHeader(adminToken)
  // The test holds the secret, so it can open the sealed key (an attacker with the database cannot).
  const stored = await db.selectFrom('signing_keys').select(['kid', 'private_jwk_sealed']).executeTakeFirstOrThrow()
  const realKey = await importJWK(JSON.parse(sealerFrom(config).open(stored.kid, stored.private_jwk_sealed!)) as JWK, 'EdDSA')
  const signWithRealKey = (payload: Record<string, unknown>, header: Record<string, unknown> = {}) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', kid: kid!, typ: 'at+jwt', ...header }).sign(realKey)
  const [head, body, signature] = adminToken.split('.')
  const attackerKeys = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })
  const attacker = {
    publicJwk: await exportJWK(attackerKeys.publicKey),
    sign: (payload: Record<string, unknown>, header: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', ...header }).sign(attackerKeys.privateKey),
  }

  const forged: Record<string, string> = {
    'alg none': `${b64({ alg: 'none', typ: 'at+jwt', kid })}.${b64(claims)}.`,
    'alg none without kid': `${b64({ alg: 'none' })}.${b64(claims)}.`,
    'HS256 keyed with the public key': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: kid!, typ: 'at+jwt' })
      .sign(new TextEncoder().encode(JSON.stringify((await db.selectFrom('signing_keys').select('public_jwk').executeTakeFirstOrThrow()).public_jwk))),
    'another key, same kid': await (await testSigner(kid)).sign({ sub: user.userId, role: 'admin' }),
    'another key and kid': await (await testSigner('attacker')).sign({ sub: user.userId, role: 'admin' }),
    'kid edited on a genuine token': `${b64({ ...decodeProtectedHeader(adminToken), kid: 'attacker' })}.${body}.${signature}`,
    "jku pointing at the attacker's key set": await attacker.sign(claims, { kid: 'attacker', jku: 'https://evil.example/jwks.json' }),
    "the attacker's key embedded as jwk": await attacker.sign(claims, { kid: kid!, jwk: attacker.publicJwk }),
    'no session id': await signWithRealKey({ ...claims, sid: undefined }),
    'an empty session id': await signWithRealKey({ ...claims, sid: '' }),
    'payload tampered (role raised)': `${head}.${b64({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), role: 'admin', sub: 'someone-else' })}.${signature}`,
    'signature truncated': `${head}.${body}.${signature!.slice(0, -4)}`,
    expired: await signWithRealKey({ ...claims, iat: now - 3600, exp: now - 1800 }),
    'wrong audience': await signWithRealKey({ ...claims, aud: 'some-other-api' }),
    'wrong issuer': await signWithRealKey({ ...claims, iss: 'https://evil.example' }),
    'not an access token (typ JWT)': await signWithRealKey(claims, { typ: 'JWT' }),
    'unknown role': await signWithRealKey({ ...claims, role: 'root' }),
    'refresh token used as access token': user.refresh,
    garbage: 'not.a.token',
  }

  const routes = [
    { method: 'GET', url: '/me' },
    { method: 'PATCH', url: '/me', payload: { first_name: 'Mallory' } },
    { method: 'POST', url: '/me/password', payload: { current_password: user.password, new_password: 'another long passphrase' } },
    { method: 'GET', url: '/admin/users' },
    { method: 'GET', url: `/admin/users/${user.userId}` },
    { method: 'PATCH', url: `/admin/users/${user.userId}/role`, payload: { role: 'admin' } },
    { method: 'POST', url: '/admin/patients', payload: { first_name: 'A', last_name: 'B', email: 'forged@example.com' } },
  ] as const

  for (const [name, token] of Object.entries(forged)) {
    for (const route of routes) {
      const res = await app.inject({ method: route.method, url: route.url, payload: 'payload' in route ? route.payload : undefined, headers: bearer(token) })
      t.equal(res.statusCode, 401, `${name}: ${route.method} ${route.url} is 401`)
    }
  }
  const user2 = await db.selectFrom('users').select(['first_name', 'role']).where('id', '=', user.userId).executeTakeFirstOrThrow()
  t.same(user2, { first_name: 'Ada', role: 'admin' }, 'nothing changed')
  t.notOk(await db.selectFrom('users').select('id').where('email', '=', 'forged@example.com').executeTakeFirst())

  // The genuine token still works: the refusals above are about the tokens, not the routes.
  t.equal((await app.inject({ method: 'GET', url: '/admin/users', headers: bearer(adminToken) })).statusCode, 200)
})
