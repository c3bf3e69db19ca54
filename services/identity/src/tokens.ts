import { randomUUID } from 'node:crypto'
import { ROLES, type Role } from '@hearing/service-kit'
import type { FastifyInstance } from 'fastify'
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
  /** Life of a token when the caller gives none. */
  defaultTtlSeconds: number
}

/** Signs with @fastify/jwt as the kit registered it (algorithm, issuer, audience and type set there), with the key that signs now. */
export function createTokenSigner(jwt: FastifyInstance['jwt'], keys: KeyStore, { defaultTtlSeconds }: TokenSignerOptions): TokenSigner {
  return {
    async signAccessToken({ sub, role, email, sid }, ttlSeconds = defaultTtlSeconds) {
      if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0 || ttlSeconds > MAX_ACCESS_TOKEN_TTL_SECONDS) {
        throw new RangeError(`access token lifetime must be 1-${MAX_ACCESS_TOKEN_TTL_SECONDS} seconds`)
      }
      if (!sub) throw new TypeError('access token needs a subject')
      if (!sid) throw new TypeError('access token needs a session id')
      if (!ROLES.includes(role)) throw new TypeError(`unknown role ${String(role)}`)
      const { signing } = await keys.current()
      // The key and its kid come from one snapshot, so a token never names another key than the one that signed it.
      // expiresIn in seconds: @fastify/jwt reads a number as seconds.
      return jwt.sign({ sub, role, ...(email ? { email } : {}), sid }, { key: signing.privateKeyPem, kid: signing.kid, expiresIn: ttlSeconds, jti: randomUUID() })
    },
  }
}
