import { randomBytes, randomUUID } from 'node:crypto'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'

/**
 * A local stand-in for Podium's API v4 (shared/contracts.md §1), a real HTTP server:
 * - OAuth2: GET /oauth/authorize consents at once and redirects with a one-use code; POST
 *   /oauth/token takes JSON or a form (authorization_code, refresh_token; refresh tokens rotate);
 * - /v4/* need a live Bearer token (401 `unauthenticated`), echo `podium-version` in
 *   metadata.version, answer errors as { code, message, moreInfo };
 * - locations with cursor pagination; contact upsert (202, deduplicated on phone and e-mail);
 *   messages (a contactName renames the contact the channel belongs to); appointments; Podium's validation of each (E.164 phones, required fields);
 * - a per-minute limit answering 429 `rate_limit`; injectable failures and latency; token expiry;
 * - a record of every call, and control routes under /_fake for tests in other processes.
 */

export const FAKE_PODIUM_CLIENT_ID = 'fake-podium-client'
export const FAKE_PODIUM_CLIENT_SECRET = 'fake-podium-secret-0123456789'
export const PODIUM_VERSION = '2021.04.01'

export interface FakePodiumOptions {
  port?: number
  /** Requests a minute to /v4 before 429 (Podium: 300). */
  limitPerMinute?: number
  /** The window that limit counts over, sliding (tests shorten it; Podium: a minute). */
  windowMs?: number
  /** Access token lifetime (Podium: 10 hours). */
  tokenTtlMs?: number
  locations?: Array<{ uid: string; name: string }>
}

export interface FakePodiumCall {
  method: string
  path: string
  status: number
  at: number
}

interface Contact {
  identifier: string
  name: string
  phoneNumber: string | null
  email: string | null
  locations: string[]
  upserts: number
}

const E164 = /^\+[1-9]\d{1,15}$/

export const DEFAULT_PODIUM_LOCATIONS = [
  { uid: 'a0f1c2d3-0000-4000-8000-00000000a001', name: 'North Georgia Hearing Care - Gainesville' },
  { uid: 'a0f1c2d3-0000-4000-8000-00000000a002', name: 'North Georgia Hearing Care - Dawsonville' },
]

export function fakePodiumState(options: FakePodiumOptions = {}) {
  return {
    limitPerMinute: options.limitPerMinute ?? 300,
    windowMs: options.windowMs ?? 60_000,
    tokenTtlMs: options.tokenTtlMs ?? 10 * 3600_000,
    latencyMs: 0,
    /** The next /v4 requests answer these statuses (500, 503, 429...), one each, before being looked at. */
    failures: [] as number[],
    locations: options.locations ?? DEFAULT_PODIUM_LOCATIONS,
    codes: new Map<string, string>(),
    accessTokens: new Map<string, number>(),
    refreshTokens: new Set<string>(),
    contacts: [] as Contact[],
    messages: [] as Array<{ uid: string; body: string; locationUid: string; channel: { type: string; identifier: string }; contactName: string | null }>,
    appointments: [] as Array<Record<string, unknown> & { uid: string }>,
    calls: [] as FakePodiumCall[],
    /** Requests answered 429 by the per-minute limit (not injected ones). */
    limited: 0,
    tokenRequests: 0,
    recent: [] as number[],
  }
}
export type FakePodiumState = ReturnType<typeof fakePodiumState>

const problem = (code: string, message: string) => ({ code, message, moreInfo: `https://docs.podium.com/docs/errors#${code}` })

export async function startFakePodium(options: FakePodiumOptions = {}) {
  const state = fakePodiumState(options)
  const app = Fastify({ logger: false, forceCloseConnections: true })
  // Token requests come as JSON or as a form (Podium's docs and sample disagree).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))))

  const envelope = (req: FastifyRequest, data: unknown, extra: Record<string, unknown> = {}) => ({
    data,
    metadata: { url: `http://${req.headers.host}${req.url}`, version: (req.headers['podium-version'] as string | undefined) ?? PODIUM_VERSION, ...extra },
  })

  app.addHook('onResponse', async (req, reply) => {
    if (!req.url.startsWith('/_fake')) state.calls.push({ method: req.method, path: req.url.split('?')[0]!, status: reply.statusCode, at: Date.now() })
  })

  // --- OAuth -------------------------------------------------------------------------------

  app.get<{ Querystring: Record<string, string | undefined> }>('/oauth/authorize', async (req, reply) => {
    const { client_id, redirect_uri, response_type, state: oauthState } = req.query
    if (client_id !== FAKE_PODIUM_CLIENT_ID || response_type !== 'code' || !redirect_uri) return reply.code(400).send(problem('bad_request', 'unknown client or bad request'))
    const code = randomBytes(16).toString('hex')
    state.codes.set(code, redirect_uri)
    const to = new URL(redirect_uri)
    to.searchParams.set('code', code)
    if (oauthState) to.searchParams.set('state', oauthState)
    return reply.redirect(to.toString())
  })

  const issueTokens = () => {
    const access = `at-${randomBytes(16).toString('hex')}`
    const refresh = `rt-${randomBytes(16).toString('hex')}`
    state.accessTokens.set(access, Date.now() + state.tokenTtlMs)
    state.refreshTokens.add(refresh)
    return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: Math.floor(state.tokenTtlMs / 1000) }
  }

  app.post<{ Body: Record<string, string | undefined> }>('/oauth/token', async (req, reply) => {
    state.tokenRequests++
    const body = req.body ?? {}
    if (body.client_id !== FAKE_PODIUM_CLIENT_ID || body.client_secret !== FAKE_PODIUM_CLIENT_SECRET) return reply.code(401).send({ error: 'invalid_client' })
    if (body.grant_type === 'authorization_code') {
      const redirect = body.code ? state.codes.get(body.code) : undefined
      if (!redirect || redirect !== body.redirect_uri) return reply.code(400).send({ error: 'invalid_grant' })
      state.codes.delete(body.code!)
      return issueTokens()
    }
    if (body.grant_type === 'refresh_token') {
      if (!body.refresh_token || !state.refreshTokens.delete(body.refresh_token)) return reply.code(400).send({ error: 'invalid_grant' })
      return issueTokens()
    }
    return reply.code(400).send({ error: 'unsupported_grant_type' })
  })

  // --- /v4: auth, limit, injected failures -------------------------------------------------

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/v4/')) return
    if (state.latencyMs > 0) await new Promise((r) => setTimeout(r, state.latencyMs))
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const expires = token ? state.accessTokens.get(token) : undefined
    if (!expires || expires <= Date.now()) return reply.code(401).send(problem('unauthenticated', 'The access token is missing, invalid or expired.'))
    const now = Date.now()
    state.recent = state.recent.filter((t) => t > now - state.windowMs)
    if (state.recent.length >= state.limitPerMinute) {
      state.limited++
      return reply.code(429).send(problem('rate_limit', 'Too many requests.'))
    }
    state.recent.push(now)
    const status = state.failures.shift()
    if (status !== undefined) {
      return reply.code(status).send(problem(status === 429 ? 'rate_limit' : 'internal_server_error', `injected ${status}`))
    }
  })

  const invalid = (reply: FastifyReply, message: string) => reply.code(400).send(problem('invalid_request_values', message))

  app.get<{ Querystring: { limit?: string; cursor?: string } }>('/v4/locations', async (req, reply) => {
    const limit = Number(req.query.limit ?? 10)
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return invalid(reply, 'limit must be 1 to 100')
    const start = req.query.cursor ? Number(Buffer.from(req.query.cursor, 'base64url').toString()) : 0
    if (!Number.isInteger(start) || start < 0) return reply.code(400).send(problem('invalid_cursor', 'The cursor is invalid or expired.'))
    const page = state.locations.slice(start, start + limit).map((l) => ({ ...l, displayName: l.name, archived: false }))
    const next = start + limit < state.locations.length ? Buffer.from(String(start + limit)).toString('base64url') : null
    return envelope(req, page, { nextCursor: next, totalItems: state.locations.length })
  })

  const knownLocation = (uid: unknown) => typeof uid === 'string' && state.locations.some((l) => l.uid === uid)

  app.post<{ Body: Record<string, unknown> }>('/v4/contacts', async (req, reply) => {
    const body = req.body ?? {}
    const allowed = new Set(['name', 'locations', 'phoneNumber', 'email', 'address', 'tags', 'attributes', 'contactStatus'])
    const extra = Object.keys(body).find((k) => !allowed.has(k))
    if (extra) return invalid(reply, `${extra} is not allowed`)
    if (typeof body.name !== 'string' || !body.name.trim()) return invalid(reply, 'name is required')
    if (!Array.isArray(body.locations) || body.locations.length === 0 || !body.locations.every(knownLocation)) return invalid(reply, 'locations must list known location uids')
    if (body.phoneNumber !== undefined && (typeof body.phoneNumber !== 'string' || !E164.test(body.phoneNumber))) return invalid(reply, 'phoneNumber must be E.164')
    const phone = (body.phoneNumber as string | undefined) ?? null
    const email = typeof body.email === 'string' ? body.email.toLowerCase() : null
    let contact = state.contacts.find((c) => (phone && c.phoneNumber === phone) || (email && c.email === email))
    if (contact) {
      Object.assign(contact, { name: body.name, phoneNumber: phone ?? contact.phoneNumber, email: email ?? contact.email, locations: body.locations as string[] })
      contact.upserts++
    } else {
      contact = { identifier: randomUUID(), name: body.name, phoneNumber: phone, email, locations: body.locations as string[], upserts: 1 }
      state.contacts.push(contact)
    }
    return reply.code(202).send(envelope(req, { identifier: contact.identifier }))
  })

  app.post<{ Body: Record<string, unknown> }>('/v4/messages', async (req, reply) => {
    const body = req.body ?? {}
    const channel = body.channel as { type?: unknown; identifier?: unknown } | undefined
    if (typeof body.body !== 'string' || !body.body) return invalid(reply, 'body is required')
    if (!knownLocation(body.locationUid)) return invalid(reply, 'locationUid must be a known location')
    if (!channel || (channel.type !== 'phone' && channel.type !== 'email') || typeof channel.identifier !== 'string') return invalid(reply, 'channel needs a type and an identifier')
    if (channel.type === 'phone' && !E164.test(channel.identifier)) return invalid(reply, 'channel.identifier must be an E.164 phone number')
    const message = { uid: randomUUID(), body: body.body, locationUid: body.locationUid as string, channel: { type: channel.type, identifier: channel.identifier }, contactName: typeof body.contactName === 'string' ? body.contactName : null }
    state.messages.push(message)
    // Podium: contactName "updates contact name" of the contact the channel belongs to.
    const addressed = state.contacts.find((c) => (channel.type === 'phone' ? c.phoneNumber : c.email) === channel.identifier)
    if (addressed && message.contactName) addressed.name = message.contactName
    return envelope(req, { uid: message.uid, body: message.body, contactName: message.contactName, conversation: { uid: randomUUID(), channel: message.channel }, location: { uid: message.locationUid }, createdAt: new Date().toISOString() })
  })

  app.post<{ Body: Record<string, unknown> }>('/v4/appointments', async (req, reply) => {
    const body = req.body ?? {}
    if (typeof body.contactName !== 'string' || !body.contactName) return invalid(reply, 'contactName is required')
    if (typeof body.contactPhoneNumber !== 'string' || !E164.test(body.contactPhoneNumber)) return invalid(reply, 'contactPhoneNumber must be E.164')
    if (typeof body.datetime !== 'string' || Number.isNaN(Date.parse(body.datetime))) return invalid(reply, 'datetime must be ISO 8601')
    if (!knownLocation(body.locationUid)) return invalid(reply, 'locationUid must be a known location')
    if (body.note !== undefined && (typeof body.note !== 'string' || body.note.length > 500)) return invalid(reply, 'note is at most 500 characters')
    const appointment = { uid: randomUUID(), ...body, status: body.status ?? 'unconfirmed', type: body.type ?? 'in_person' }
    state.appointments.push(appointment)
    return envelope(req, appointment)
  })

  // --- Control (tests and journeys in other processes) --------------------------------------

  app.get('/_fake/state', async () => ({
    contacts: state.contacts,
    messages: state.messages,
    appointments: state.appointments,
    calls: state.calls,
    limited: state.limited,
    tokenRequests: state.tokenRequests,
  }))
  app.post<{ Body: Partial<{ limitPerMinute: number; windowMs: number; latencyMs: number; failures: number[]; expireTokens: boolean }> }>('/_fake/settings', async (req) => {
    const b = req.body ?? {}
    if (b.limitPerMinute !== undefined) state.limitPerMinute = b.limitPerMinute
    if (b.windowMs !== undefined) state.windowMs = b.windowMs
    if (b.latencyMs !== undefined) state.latencyMs = b.latencyMs
    if (b.failures) state.failures.push(...b.failures)
    if (b.expireTokens) for (const token of state.accessTokens.keys()) state.accessTokens.set(token, 0)
    return { ok: true }
  })

  const address = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' })
  return {
    url: address,
    state,
    /** Every access token stops working now (the next call meets 401 and must refresh). */
    expireTokens() {
      for (const token of state.accessTokens.keys()) state.accessTokens.set(token, 0)
    },
    close: () => app.close(),
  }
}
export type FakePodium = Awaited<ReturnType<typeof startFakePodium>>
