import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyReply } from 'fastify'

/**
 * A small shared cache for public API reads, kept by each gateway replica in memory, as an HTTP
 * shared cache would (RFC 9111), only more careful. A service opts an answer in with
 * `Cache-Control: public, max-age=N` (or s-maxage); the gateway then answers repeats of that GET
 * itself for at most min(N, API_CACHE_MAX_SECONDS) seconds. Never stored: anything a request with
 * credentials (Authorization, Cookie) or a condition (If-None-Match, If-Modified-Since) asked for,
 * anything but a 200, answers that set cookies, vary on more than Accept-Encoding, are encoded,
 * private/no-store/no-cache, without a Content-Length or larger than the entry limit. Entries are
 * keyed by the origin the request was addressed to (the X-Forwarded-Host/-Proto the service sees) and
 * the whole path with its query. A hit still passes the rate limit, the path guard and the security
 * headers: it is served from the API's onRequest hooks, after them. HEAD and conditional requests
 * are not answered from the cache (they go to the service, as before).
 *
 * Why not undici's cache interceptor (undici 7's interceptors.cache, compared on 2026-11-25): it sits
 * on the upstream dispatcher, so a hit would still go through the proxying (header rewriting, the
 * upstream exchange) where this one answers from onRequest, which is why cached reads beat the service itself
 * in bench:gateway; it keys entries by the upstream origin, not by the public origin a service's
 * absolute URLs are built from (X-Forwarded-Host); and, as RFC 9111 allows, it stores answers to
 * requests carrying Authorization when they say `public`, and to requests with cookies, where this
 * cache stores nothing a credentialed request asked for, so a service that marks a personal answer
 * public by mistake still leaks nothing.
 */
/** A whole upstream answer, before it is sent. */
export interface WholeAnswer {
  statusCode: number
  /** Lower-case names; a repeated header is an array. */
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export interface ApiCacheOptions {
  /** The longest the gateway keeps an answer, whatever the service allows; 0 turns the cache off. */
  maxSeconds: number
  maxEntries?: number
  maxBytes?: number
  maxEntryBytes?: number
  /** The clock (tests move it). */
  now?: () => number
}

interface Entry {
  status: number
  headers: Record<string, string>
  body: Buffer
  storedAt: number
  expiresAt: number
}

/** Headers of one connection or one exchange, never replayed from the cache. */
const NOT_STORED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authenticate', 'proxy-authorization', 'date', 'age', 'x-request-id', 'content-length'])

/** Seconds a shared cache may keep an answer with these Cache-Control directives; 0: not at all. */
export function sharedLifetime(cacheControl: string | undefined): number {
  if (!cacheControl) return 0
  const directives = new Map(
    cacheControl.split(',').map((part) => {
      const [name = '', value] = part.trim().toLowerCase().split('=')
      return [name, value?.replace(/^"|"$/g, '')] as const
    }),
  )
  if (!directives.has('public') || directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return 0
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'))
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
}

/** What the cache reads of a request (Fastify's). */
interface Asked {
  method: string
  /** As Fastify has them: X-Forwarded-Proto/-Host count only from a trusted proxy. */
  protocol: string
  host: string
  url: string
  headers: IncomingHttpHeaders
}

/** The answer a service gives the gateway may depend on the origin it was addressed to (X-Forwarded-Host). */
const keyOf = (req: Asked) => `${req.protocol}://${req.host}${req.url}`

function storableRequest(req: Asked): boolean {
  const h = req.headers
  return req.method === 'GET' && !h.authorization && !h.cookie && !h['if-none-match'] && !h['if-modified-since']
}

export function apiCache({ maxSeconds, maxEntries = 500, maxBytes = 8 * 1024 * 1024, maxEntryBytes = 256 * 1024, now = Date.now }: ApiCacheOptions) {
  // A Map keeps insertion order: re-inserting on use makes its first key the least recently used.
  const entries = new Map<string, Entry>()
  let bytes = 0

  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.body.length
    entries.delete(key)
  }

  const store = (key: string, entry: Entry) => {
    remove(key)
    entries.set(key, entry)
    bytes += entry.body.length
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break
      remove(oldest)
    }
  }

  /** The storable copy of an upstream answer's headers, or null when the answer must not be kept. */
  const storableHeaders = (status: number, headers: Record<string, string | string[] | undefined>): { lifetime: number; kept: Record<string, string> } | null => {
    if (status !== 200 || headers['set-cookie'] || headers['content-encoding']) return null
    const vary = String(headers.vary ?? '').toLowerCase().split(',').map((v) => v.trim()).filter(Boolean)
    if (vary.some((v) => v !== 'accept-encoding')) return null
    const length = Number(headers['content-length'])
    if (!Number.isFinite(length) || length > maxEntryBytes) return null
    const lifetime = Math.min(sharedLifetime(String(headers['cache-control'] ?? '')), maxSeconds)
    if (lifetime <= 0) return null
    const kept: Record<string, string> = {}
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined && !NOT_STORED.has(name)) kept[name] = Array.isArray(value) ? value.join(', ') : value
    }
    return { lifetime, kept }
  }

  return {
    get size() {
      return entries.size
    },

    /**
     * Answers a fresh hit itself (true); anything else goes on to the proxy (false). Requests that
     * can never be answered from the cache (with credentials or conditions, not GET) are not looked up.
     */
    serve(req: Asked, reply: FastifyReply): boolean {
      if (maxSeconds <= 0 || !storableRequest(req)) return false
      const key = keyOf(req)
      const entry = entries.get(key)
      if (!entry) return false
      const at = now()
      if (at >= entry.expiresAt) {
        remove(key)
        return false
      }
      entries.delete(key) // most recently used again
      entries.set(key, entry)
      reply
        .code(entry.status)
        .headers(entry.headers)
        .header('age', String(Math.floor((at - entry.storedAt) / 1000)))
        .header('x-cache', 'HIT')
        .send(entry.body)
      return true
    },

    /**
     * Sees a whole upstream answer (the proxy's onResponse, proxy.ts) before it is sent, and keeps a copy when it may be
     * stored; true when it did.
     */
    offer(req: Asked, answer: WholeAnswer): boolean {
      if (maxSeconds <= 0 || !storableRequest(req)) return false
      const storable = storableHeaders(answer.statusCode, answer.headers)
      if (!storable || answer.body.length > maxEntryBytes) return false
      const storedAt = now()
      store(keyOf(req), { status: answer.statusCode, headers: storable.kept, body: answer.body, storedAt, expiresAt: storedAt + storable.lifetime * 1000 })
      return true
    },
  }
}

