import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose'

import { ROLES, type Role } from '@hearing/contracts'

// The roles are part of the contracts; the kit hands them on to the services it serves.
export { ROLES, type Role } from '@hearing/contracts'

export interface AuthUser {
  id: string
  role: Role
  /**
   * The session (refresh-token family) the token was issued for. Every access token names one, so
   * that ending the session revokes it at once (sessions.ts); a token without one is refused.
   */
  sessionId: string
}

/** Access tokens are EdDSA-signed JWTs with the RFC 9068 type; nothing else is accepted. */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA'
export const ACCESS_TOKEN_TYPE = 'at+jwt'

export interface VerifierOptions {
  issuer: string
  audience: string
  /** Where identity publishes its keys, or a key set given directly (identity itself, tests). */
  jwks: URL | JWTVerifyGetKey
}

export type TokenVerifier = (token: string) => Promise<AuthUser>

export class InvalidTokenError extends Error {
  readonly statusCode = 401
  constructor() {
    super('Invalid or expired access token')
    this.name = 'InvalidTokenError'
  }
}

export function createTokenVerifier({ issuer, audience, jwks }: VerifierOptions): TokenVerifier {
  const keys = jwks instanceof URL ? createRemoteJWKSet(jwks, { timeoutDuration: 3000, cooldownDuration: 30_000 }) : jwks
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer,
        audience,
        typ: ACCESS_TOKEN_TYPE,
        requiredClaims: ['sub', 'exp', 'iat', 'sid'],
      })
      const role = payload.role
      if (typeof payload.sub !== 'string' || !ROLES.includes(role as Role)) throw new InvalidTokenError()
      const sid = payload.sid
      if (typeof sid !== 'string' || sid.length === 0 || sid.length > 200) throw new InvalidTokenError()
      return { id: payload.sub, role: role as Role, sessionId: sid }
    } catch {
      throw new InvalidTokenError()
    }
  }
}
