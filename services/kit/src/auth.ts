// Brings @fastify/jwt's additions to Fastify's types (app.jwt, req.jwtVerify, req.user) to every service.
/// <reference types="@fastify/jwt" preserve="true" />
import { createPublicKey } from 'node:crypto'
import fastifyJwt, { type FastifyJWTOptions } from '@fastify/jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'

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

/** What identity puts in an access token besides the registered claims it sets as options. */
export interface AccessTokenPayload {
  sub: string
  role: Role
  sid: string
  email?: string
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenPayload
    /** The verified caller, or null for anonymous requests. */
    user: AuthUser | null
  }
}

/** Access tokens are EdDSA-signed JWTs with the RFC 9068 type; nothing else is accepted. */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA'
export const ACCESS_TOKEN_TYPE = 'at+jwt'

/** A published public key as a JWKS lists it. */
export interface PublicKeyJwk {
  kty?: string
  crv?: string
  x?: string
  kid?: string
  alg?: string
}

/** The key set itself, read when needed (identity reads its own keys; tests hand theirs over). */
export type KeySource = () => Promise<{ keys: PublicKeyJwk[] }>

export interface AccessTokenOptions {
  issuer: string
  audience: string
  /** Where identity publishes its keys, or the key set given directly (identity itself, tests). */
  jwks: URL | KeySource
  /** Identity only: the private key (PKCS#8 PEM) that signs now, which lets app.jwt.sign work. */
  signingKey?: () => Promise<string>
}

export class InvalidTokenError extends Error {
  readonly statusCode = 401
  constructor() {
    super('Invalid or expired access token')
    this.name = 'InvalidTokenError'
  }
}

/** A published key is re-read at most this often (identity answers max-age=300). */
const REMOTE_KEYS_MAX_AGE_MS = 10 * 60_000
/** A token naming a kid we do not know triggers a fresh read, but no more often than this: forged kids cannot flood identity. */
const UNKNOWN_KID_COOLDOWN_MS = 30_000
const JWKS_FETCH_TIMEOUT_MS = 3000

async function fetchJwks(url: URL): Promise<{ keys: PublicKeyJwk[] }> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(JWKS_FETCH_TIMEOUT_MS) })
  if (!answer.ok) throw new Error(`JWKS answered ${answer.status}`)
  const body = (await answer.json()) as { keys?: unknown }
  if (!Array.isArray(body.keys)) throw new Error('JWKS has no keys')
  return { keys: body.keys as PublicKeyJwk[] }
}

/** Only Ed25519 keys become verification keys, so no other kind of key can be played against the algorithm. */
function publicKeyPem(jwk: PublicKeyJwk): string | null {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') return null
  if (jwk.alg !== undefined && jwk.alg !== ACCESS_TOKEN_ALGORITHM) return null
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' }).export({ type: 'spki', format: 'pem' }) as string
}

/**
 * The public key (PEM) for a kid. A remote key set is kept REMOTE_KEYS_MAX_AGE_MS and re-read on an
 * unknown kid (rotation) at most every UNKNOWN_KID_COOLDOWN_MS; a local source is asked every time.
 */
export function keyResolver(jwks: URL | KeySource): (kid: string) => Promise<string> {
  const remote = jwks instanceof URL
  const read = remote ? () => fetchJwks(jwks) : jwks
  const pems = new Map<string, string>() // `${kid} ${x}` -> PEM, so a local source is not converted each time
  let known = new Map<string, string>()
  let readAt = -Infinity
  let reading: Promise<void> | null = null
  const reread = () =>
    (reading ??= read()
      .then(({ keys }) => {
        const next = new Map<string, string>()
        for (const jwk of keys) {
          if (typeof jwk.kid !== 'string') continue
          const cacheKey = `${jwk.kid} ${jwk.x}`
          const pem = pems.get(cacheKey) ?? publicKeyPem(jwk)
          if (!pem) continue
          pems.set(cacheKey, pem)
          next.set(jwk.kid, pem)
        }
        known = next
        readAt = Date.now()
      })
      .finally(() => {
        reading = null
      }))
  return async (kid) => {
    const age = Date.now() - readAt
    if (!remote || age > REMOTE_KEYS_MAX_AGE_MS || (!known.has(kid) && age > UNKNOWN_KID_COOLDOWN_MS)) await reread()
    const pem = known.get(kid)
    if (!pem) throw new InvalidTokenError()
    return pem
  }
}

function callerOf(payload: Record<string, unknown>): AuthUser | null {
  const { sub, role, sid } = payload
  if (typeof sub !== 'string' || sub.length === 0) return null
  if (!ROLES.includes(role as Role)) return null
  if (typeof sid !== 'string' || sid.length === 0 || sid.length > 200) return null
  return { id: sub, role: role as Role, sessionId: sid }
}

/**
 * @fastify/jwt as every service uses it: the key chosen by the token's kid from identity's key set
 * (never from the token's own jku/jwk headers), the algorithm, issuer, audience and RFC 9068 type
 * pinned, the subject, a known role and the session id required. Verified tokens are cached (by
 * fast-jwt, until they expire), since a page sends the same token many times.
 */
export async function registerAccessTokens(app: FastifyInstance, { issuer, audience, jwks, signingKey }: AccessTokenOptions): Promise<void> {
  const publicKey = keyResolver(jwks)
  const options: FastifyJWTOptions = {
    secret: {
      public: async (_req: FastifyRequest, token: { header?: { alg?: string; kid?: unknown } }) => {
        const { alg, kid } = token.header ?? {}
        if (alg !== ACCESS_TOKEN_ALGORITHM || typeof kid !== 'string') throw new InvalidTokenError()
        return publicKey(kid)
      },
      ...(signingKey ? { private: async () => signingKey() } : {}),
    },
    decode: { complete: true },
    verify: {
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      allowedIss: issuer,
      allowedAud: audience,
      checkTyp: ACCESS_TOKEN_TYPE,
      requiredClaims: ['sub', 'exp', 'iat', 'sid'],
      cache: 2000,
    },
    sign: { algorithm: ACCESS_TOKEN_ALGORITHM, iss: issuer, aud: audience, header: { alg: ACCESS_TOKEN_ALGORITHM, typ: ACCESS_TOKEN_TYPE } },
    trusted: (_req, payload) => callerOf(payload as unknown as Record<string, unknown>) !== null,
    formatUser: (payload) => callerOf(payload as unknown as Record<string, unknown>),
  } as FastifyJWTOptions
  await app.register(fastifyJwt, options)
}

/** The caller a request's bearer token names: null without one, InvalidTokenError for a bad one. */
export async function verifiedCaller(req: FastifyRequest): Promise<AuthUser | null> {
  const header = req.headers.authorization
  if (!header) return null
  const [scheme, token] = header.split(' ')
  if (scheme?.toLowerCase() !== 'bearer' || !token) return null
  try {
    return (await req.jwtVerify()) as AuthUser | null
  } catch {
    throw new InvalidTokenError()
  }
}
