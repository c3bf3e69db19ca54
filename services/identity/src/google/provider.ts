import { createHmac, hkdfSync } from 'node:crypto'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import type { Config } from '../config.js'

export const GOOGLE_ISSUER = 'https://accounts.google.com'

/** What Google sign-in needs, read from the issuer's discovery document. */
export interface GoogleSetup {
  clientId: string
  clientSecret: string
  /** Accepted `iss` values (Google also uses the bare host). */
  issuers: string[]
  authorizationEndpoint: string
  tokenEndpoint: string
  jwksUri: string
}

/** Google's published endpoints, used when its discovery document cannot be fetched at boot. */
const GOOGLE_FALLBACK = {
  authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  token_endpoint: 'https://oauth2.googleapis.com/token',
  jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
}

interface Discovery {
  issuer?: unknown
  authorization_endpoint?: unknown
  token_endpoint?: unknown
  jwks_uri?: unknown
}

async function discover(issuer: string): Promise<Discovery> {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) })
  if (!res.ok) throw new Error(`discovery answered HTTP ${res.status}`)
  return (await res.json()) as Discovery
}

/**
 * Google sign-in's configuration, or null when GOOGLE_CLIENT_ID/SECRET are not set. For Google
 * itself a failed discovery falls back to its published endpoints, so an outage at boot does not
 * stop the service; for another issuer (a test's mock) it is an error.
 */
export async function googleSetup(config: Config, warn: (reason: string) => void): Promise<GoogleSetup | null> {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null
  const issuer = config.GOOGLE_ISSUER
  let doc: Discovery
  try {
    doc = await discover(issuer)
    if (doc.issuer !== issuer) throw new Error(`discovery names issuer ${String(doc.issuer)}`)
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    if (issuer !== GOOGLE_ISSUER) throw new Error(`Google sign-in: cannot read ${issuer}/.well-known/openid-configuration (${reason})`)
    warn(`Google discovery failed (${reason}); using Google's published endpoints`)
    doc = GOOGLE_FALLBACK
  }
  const url = (value: unknown, name: string) => {
    if (typeof value !== 'string' || !/^https?:\/\//.test(value)) throw new Error(`Google sign-in: discovery has no ${name}`)
    return value
  }
  return {
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    issuers: issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : [issuer],
    authorizationEndpoint: url(doc.authorization_endpoint, 'authorization_endpoint'),
    tokenEndpoint: url(doc.token_endpoint, 'token_endpoint'),
    jwksUri: url(doc.jwks_uri, 'jwks_uri'),
  }
}

/** simple-oauth2's host/path split of an endpoint URL. */
export function hostAndPath(endpoint: string): { host: string; path: string } {
  const url = new URL(endpoint)
  return { host: url.origin, path: `${url.pathname}${url.search}` }
}

/**
 * The nonce sent with an authorization request, derived from its state (which the callback has
 * already matched against the browser's state cookie), keyed with a secret every replica shares.
 */
export function nonceFor(state: string, secret: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'hc-google-nonce', 32))
  return createHmac('sha256', key).update(state).digest('base64url')
}

export interface GoogleIdentity {
  sub: string
  email: string | undefined
  emailVerified: boolean
  givenName: string | undefined
  familyName: string | undefined
}

export type IdTokenVerifier = (idToken: string, expectedNonce: string) => Promise<GoogleIdentity>

/** Verifies an ID token: signature (issuer's JWKS), issuer, audience, expiry, nonce, authorised party. */
export function idTokenVerifier(setup: GoogleSetup): IdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(setup.jwksUri), { timeoutDuration: 5000 })
  return async (idToken, expectedNonce) => {
    const { payload } = await jwtVerify<JWTPayload & Record<string, unknown>>(idToken, keys, {
      issuer: setup.issuers,
      audience: setup.clientId,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    })
    if (payload.nonce !== expectedNonce) throw new Error('id_token nonce does not match')
    if (payload.azp !== undefined && payload.azp !== setup.clientId) throw new Error('id_token azp is another client')
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)
    return {
      sub: payload.sub!,
      email: text(payload.email)?.toLowerCase(),
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      givenName: text(payload.given_name),
      familyName: text(payload.family_name),
    }
  }
}
