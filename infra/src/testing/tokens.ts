import { randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet, type JWK } from 'jose'

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
    keySet: createLocalJWKSet(jwks),
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
