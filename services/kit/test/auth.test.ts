import { testSigner, tokenCheck } from '@hearing/infra/testing'
import { SignJWT, UnsecuredJWT } from 'jose'
import Fastify from 'fastify'
import t from 'tap'
import * as source from '../src/auth.js'

const issuer = 'hearing-care-identity'
const audience = 'hearing-care-api'

t.test('tokens are verified against a JWKS fetched over HTTP', async (t) => {
  const signer = await testSigner()
  const jwksServer = Fastify()
  jwksServer.get('/.well-known/jwks.json', async () => signer.jwks)
  await jwksServer.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => jwksServer.close())
  const { port } = jwksServer.server.address() as { port: number }
  const verify = await tokenCheck({ jwks: new URL(`http://127.0.0.1:${port}/.well-known/jwks.json`), issuer, audience }, source)

  t.same(await verify(await signer.sign({ sub: 'user-1', role: 'admin', sid: 'session-1' })), { id: 'user-1', role: 'admin', sessionId: 'session-1' })

  const refuse = async (label: string, token: string) => {
    // By name: the check runs the kit as built, whose error class is not this file's import of the source.
    await t.rejects(verify(token), { name: 'InvalidTokenError', statusCode: 401 }, label)
  }
  const other = await testSigner()
  await refuse('signed by another key', await other.sign({ sub: 'user-1', role: 'admin' }))
  await refuse('expired', await signer.sign({ sub: 'u', role: 'customer' }, { expiresIn: '-1m' }))
  await refuse('wrong audience', await signer.sign({ sub: 'u', role: 'customer' }, { audience: 'someone-else' }))
  await refuse('wrong issuer', await signer.sign({ sub: 'u', role: 'customer' }, { issuer: 'evil' }))
  await refuse('not an access token (typ)', await signer.sign({ sub: 'u', role: 'customer' }, { typ: 'JWT' }))
  await refuse('unknown role', await signer.sign({ sub: 'u', role: 'root' }))
  // Validly signed, but naming no session: nothing could revoke it before it expires.
  await refuse('no session id', await signer.sign({ sub: 'user-1', role: 'admin', sid: null }))
  await refuse('an empty session id', await signer.sign({ sub: 'user-1', role: 'admin', sid: '' }))
  await refuse('alg none', new UnsecuredJWT({ role: 'admin' }).setSubject('u').setIssuer(issuer).setAudience(audience).setIssuedAt().setExpirationTime('5m').encode())
  const hs = await new SignJWT({ role: 'admin' })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject('u').setIssuer(issuer).setAudience(audience).setIssuedAt().setExpirationTime('5m')
    .sign(new TextEncoder().encode('x'.repeat(32)))
  await refuse('HMAC algorithm', hs)
  const valid = await signer.sign({ sub: 'user-1', role: 'customer' })
  const [h, p, s] = valid.split('.') as [string, string, string]
  const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), role: 'admin' })).toString('base64url')
  await refuse('tampered payload', `${h}.${tampered}.${s}`)
  await refuse('garbage', 'not-a-jwt')
})

t.test('only Ed25519 keys of the key set verify; a key set that cannot be read refuses every token', async (t) => {
  const signer = await testSigner('real')
  const [real] = signer.jwks.keys
  const served: { status: number; body: unknown } = { status: 200, body: null }
  const jwksServer = Fastify()
  jwksServer.get('/.well-known/jwks.json', async (_req, reply) => reply.code(served.status).send(served.body))
  await jwksServer.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => jwksServer.close())
  const { port } = jwksServer.server.address() as { port: number }
  const url = new URL(`http://127.0.0.1:${port}/.well-known/jwks.json`)

  served.body = {
    keys: [
      { kty: 'RSA', kid: 'rsa', n: 'AQAB', e: 'AQAB' },
      { ...real, kid: 'hmac-labelled', alg: 'HS256' },
      { ...real, kid: undefined },
      real,
    ],
  }
  const verify = await tokenCheck({ jwks: url, issuer, audience }, source)
  t.match(await verify(await signer.sign({ sub: 'user-1', role: 'staff' })), { id: 'user-1', role: 'staff' }, 'the real key verifies among others')
  for (const kid of ['rsa', 'hmac-labelled']) {
    const other = await testSigner(kid)
    await t.rejects(verify(await other.sign({ sub: 'user-1', role: 'admin' })), { name: 'InvalidTokenError' }, `a token naming the ${kid} entry is refused`)
  }

  for (const [label, status, body] of [['an error answer', 503, { error: 'down' }], ['no keys member', 200, { nothing: true }]] as const) {
    served.status = status
    served.body = body
    const fresh = await tokenCheck({ jwks: url, issuer, audience }, source)
    await t.rejects(fresh(await signer.sign({ sub: 'user-1', role: 'staff' })), { name: 'InvalidTokenError' }, `${label}: refused, not a 500`)
  }
})
