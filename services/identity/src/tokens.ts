import { randomUUID } from 'node:crypto'
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_TYPE, ROLES, type Role } from '@hearing/service-kit'
import { SignJWT } from 'jose'
import { MAX_ACCESS_TOKEN_TTL_SECONDS } from './config.js'
import type { KeyStore } from './signing-keys/index.js'

export interface AccessClaims {
  /** The user's id. */
  sub: string
  role: Role
  /** The account's e-mail address, for display; services authorise on sub and role only. */
  email?: string
  /** The session (refresh-token family) it belongs to: ending that session revokes the token at once. Required. */
  sid: string
}

export interface TokenSigner {
  /** A short-lived access token (RFC 9068 `at+jwt`) signed with the active key. */
  signAccessToken(claims: AccessClaims, ttlSeconds?: number): Promise<string>
}

export interface TokenSignerOptions {
  issuer: string
  audience: string
  /** Life of a token when the caller gives none. */
  defaultTtlSeconds: number
}

export function createTokenSigner(keys: KeyStore, { issuer, audience, defaultTtlSeconds }: TokenSignerOptions): TokenSigner {
  return {
    async signAccessToken({ sub, role, email, sid }, ttlSeconds = defaultTtlSeconds) {
      if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0 || ttlSeconds > MAX_ACCESS_TOKEN_TTL_SECONDS) {
        throw new RangeError(`access token lifetime must be 1-${MAX_ACCESS_TOKEN_TTL_SECONDS} seconds`)
      }
      if (!sub) throw new TypeError('access token needs a subject')
      if (!sid) throw new TypeError('access token needs a session id')
      if (!ROLES.includes(role)) throw new TypeError(`unknown role ${String(role)}`)
      const { signing } = await keys.current()
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT({ role, ...(email ? { email } : {}), sid })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: signing.kid, typ: ACCESS_TOKEN_TYPE })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .setJti(randomUUID())
        .sign(signing.key)
    },
  }
}
