import { randomUUID } from 'node:crypto'
import { InvalidTokenError, registerAccessTokens, verifiedCaller, type AccessTokenOptions, type AuthUser } from '@hearing/service-kit'
import Fastify from 'fastify'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'

export const TEST_ISSUER = 'hearing-care-identity'
export const TEST_AUDIENCE = 'hearing-care-api'

export interface TestClaims {
  sub: string
  role: string
  /** The session id; a fresh one when not given, none at all with null (a token services must refuse). */
  sid?: string | null
}

/** A signing key and its JWKS, to mint access tokens the way identity does (and forged ones). */
export async function testSigner(kid = 'test-key') {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' }
  const jwks = { keys: [publicJwk] }
  return {
    jwks,
    /** The key set as services take it given directly (BuildOptions.jwks). */
    keySet: async () => jwks,
    sign(claims: TestClaims, { expiresIn = '10m', audience = TEST_AUDIENCE, issuer = TEST_ISSUER, typ = 'at+jwt' } = {}) {
      const sid = claims.sid === undefined ? randomUUID() : claims.sid
      return new SignJWT({ role: claims.role, ...(sid === null ? {} : { sid }) })
        .setProtectedHeader({ alg: 'EdDSA', kid, typ })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(privateKey)
    },
  }
}

/**
 * The services' token check (the kit's @fastify/jwt registration) on a bare Fastify instance: the
 * caller a token names, or InvalidTokenError, exactly as a service's onRequest hook decides.
 */
export async function tokenCheck(
  options: AccessTokenOptions,
  // The kit's own tests pass its source's functions, so that coverage counts them.
  kit: { registerAccessTokens: typeof registerAccessTokens; verifiedCaller: typeof verifiedCaller } = { registerAccessTokens, verifiedCaller },
): Promise<(token: string) => Promise<AuthUser | null>> {
  const app = Fastify()
  await kit.registerAccessTokens(app, options)
  app.get('/caller', async (req) => ({ caller: await kit.verifiedCaller(req) }))
  await app.ready()
  return async (token) => {
    const answer = await app.inject({ method: 'GET', url: '/caller', headers: { authorization: `Bearer ${token}` } })
    if (answer.statusCode === 401) throw new InvalidTokenError()
    if (answer.statusCode !== 200) throw new Error(`token check answered ${answer.statusCode}: ${answer.body}`)
    return (answer.json() as { caller: AuthUser | null }).caller
  }
}
