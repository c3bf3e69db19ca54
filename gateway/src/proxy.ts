import type { IncomingHttpHeaders } from 'node:http'
import type { Readable } from 'node:stream'
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy'
import { SERVICE_REGISTRY } from '@hearing/contracts'
import { errorPayload, INVALID_URL_MESSAGE } from '@hearing/service-kit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from './config.js'
import { apiCache } from './api-cache.js'
import { classifyApiPath } from './path-guard.js'
import { upstreams, type RetryContext } from './upstreams.js'

/** /api/<prefix>/* goes to the service at <env variable>, with /api/<prefix> stripped (the service registry). */
export const SERVICES = Object.fromEntries(SERVICE_REGISTRY.map((s) => [s.gatewayPrefix, s.gatewayEnv])) as {
  [S in (typeof SERVICE_REGISTRY)[number] as S['gatewayPrefix']]: S['gatewayEnv'] & keyof Config
}

/**
 * Answers whose Content-Length is at most this (nearly every API answer) are read whole before
 * they are sent: a body that breaks off is then a clean 502 rather than a cut-off 200, and the API
 * cache (which keeps nothing larger) gets its copy. Larger or unsized answers are streamed.
 */
export const WHOLE_BODY_BYTES = 256 * 1024

/** Headers of one connection (RFC 9110 §7.6.1), never passed on in either direction. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']

/**
 * Client headers that would let a caller speak for someone else: identity and internal credentials
 * (services trust them from the gateway only), forwarding information and request ids. The gateway
 * drops them all, then sets the forwarding headers from what it knows itself. Also dropped: the
 * hop-by-hop headers reply-from leaves (it removes Connection and the names it lists), Host (undici
 * sets each replica's own) and Expect (the body was read first).
 */
const DROPPED_HEADERS = new Set([
  ...HOP_BY_HOP, 'host', 'expect',
  'forwarded', 'x-real-ip', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'x-request-id',
])
const DROPPED_PREFIXES = ['x-forwarded-', 'x-user-', 'x-internal-']

const dropped = (name: string) => DROPPED_HEADERS.has(name) || (name.startsWith('x-') && DROPPED_PREFIXES.some((p) => name.startsWith(p)))

/** The body Fastify read (any type, as bytes: BODY_LIMIT_BYTES applies), to be sent on byte for byte. */
function bodyOf(req: Pick<FastifyRequest, 'body' | 'method'>): Buffer | undefined {
  return Buffer.isBuffer(req.body) && req.method !== 'GET' && req.method !== 'HEAD' ? req.body : undefined
}

/**
 * reply-from's rewriteRequestHeaders: the client's headers as the service gets them, forged ones
 * dropped, the forwarding ones set from what the gateway knows.
 */
export function forwardedHeaders(req: Pick<FastifyRequest, 'body' | 'method' | 'ip' | 'protocol' | 'host' | 'id'>, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {}
  for (const name in headers) if (!dropped(name)) out[name] = headers[name]
  // With a body reply-from set Content-Length from it; without one a client's would promise bytes that never come.
  if (!bodyOf(req)) delete out['content-length']
  // request.ip/protocol/host honour X-Forwarded-* only from a configured trusted proxy.
  out['x-forwarded-for'] = req.ip
  out['x-forwarded-proto'] = req.protocol
  out['x-forwarded-host'] = req.host
  out['x-request-id'] = req.id
  return out
}

/** Names listed in a Connection header: hop-by-hop too (RFC 9110 §7.6.1). */
function connectionListed(value: string | string[] | undefined): string[] {
  if (value === undefined) return []
  return String(value).toLowerCase().split(',').map((name) => name.trim()).filter(Boolean)
}

/**
 * reply-from's rewriteHeaders: the service's headers without hop-by-hop ones, in place, so that
 * onResponse (and the API cache) sees the same set as the client.
 */
export function returnedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const listed = connectionListed(headers.connection)
  for (const name of HOP_BY_HOP) delete headers[name]
  for (const name of listed) delete headers[name]
  return headers
}

type FailureStatus = 502 | 503 | 504
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])

/**
 * 503: the service could not be reached (down, or not there); 504: it did not answer within
 * UPSTREAM_TIMEOUT_MS; 502: anything else. reply-from wraps undici's error: its causes are read too.
 */
export function failureStatus(err: unknown): FailureStatus {
  let current = err as { code?: unknown; cause?: unknown } | undefined
  for (let depth = 0; current && depth < 4; depth++, current = current.cause as typeof current) {
    const code = String(current.code ?? '')
    if (UNREACHABLE.has(code)) return 503
    if (code === 'UND_ERR_HEADERS_TIMEOUT') return 504
  }
  return 502
}

/** How soon a client may try a service that is down again: a restart takes a few seconds. */
const DOWN_RETRY_AFTER_SECONDS = 5
const FAILURE_MESSAGES = {
  502: 'This part of the site ran into a problem. Please try again shortly.',
  503: 'This part of the site is temporarily unavailable. Please try again shortly.',
  504: 'This part of the site is taking too long to answer. Please try again shortly.',
} as const

/**
 * The answer when the upstream could not be reached (503: down, or not there at all), did not answer
 * within UPSTREAM_TIMEOUT_MS (504), or failed otherwise, e.g. reset the connection (502);
 * reply-from has logged the cause.
 */
function upstreamFailed(reply: FastifyReply, status: FailureStatus) {
  // Down (every replica): the launcher or Kubernetes restarts it within seconds, so say when to come back.
  if (status === 503) reply.header('retry-after', String(DOWN_RETRY_AFTER_SECONDS))
  reply.code(status).send(errorPayload(status, FAILURE_MESSAGES[status]))
}

/** What reply-from hands onResponse: the status, the headers (after returnedHeaders) and undici's body stream. */
interface UpstreamAnswer {
  statusCode: number
  headers: IncomingHttpHeaders
  stream: Readable
}

/** The API: everything under /api. Register with { prefix: '/api' }. */
export async function apiProxy(app: FastifyInstance, { config }: { config: Config }) {
  app.addHook('onRequest', app.rateLimit())
  // Then the path guard, and repeats of a public read answered from the cache: one callback hook,
  // with no promise per request.
  const cache = apiCache({ maxSeconds: config.API_CACHE_MAX_SECONDS })
  app.addHook('onRequest', (req, reply, done) => {
    const path = req.url.split('?', 1)[0]!
    const verdict = classifyApiPath(path)
    if (verdict === 'internal') return reply.code(404).send(errorPayload(404, `No route for ${req.method} ${path}`))
    if (verdict === 'malformed') return reply.code(400).send(errorPayload(400, INVALID_URL_MESSAGE))
    if (!cache.serve(req, reply)) done()
  })
  // Bodies are read whole, whatever their type, so BODY_LIMIT_BYTES applies (the plugin's own
  // parsers would stream them on unread: proxyPayloads false), then sent on byte for byte.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  /** Whole answers are read, offered to the cache and sent in one write; others are streamed with backpressure. */
  const onResponse = (req: FastifyRequest, reply: FastifyReply, { statusCode, headers, stream }: UpstreamAnswer) => {
    if (req.method === 'HEAD' || statusCode === 204 || statusCode === 304) {
      stream.resume()
      // No payload: Fastify keeps the service's Content-Length for HEAD, and sets none for 204 and 304.
      return reply.send()
    }
    if (!(Number(headers['content-length']) <= WHOLE_BODY_BYTES)) return reply.send(stream)
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('error', (err) => {
      req.log.warn({ err }, 'upstream answer broke off')
      if (reply.sent) return
      // None of the service's headers (its caching, its validators) may describe the error.
      for (const name in headers) reply.removeHeader(name)
      upstreamFailed(reply, 502)
    })
    stream.on('end', () => {
      if (reply.sent) return
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
      if (cache.offer(req, { statusCode, headers, body })) reply.header('x-cache', 'MISS')
      reply.send(body.length > 0 ? body : undefined)
    })
  }

  for (const [prefix, variable] of Object.entries(SERVICES)) {
    const service = upstreams(config[variable], { connectTimeoutMs: config.UPSTREAM_TIMEOUT_MS })
    const options: FastifyHttpProxyOptions = {
      prefix: `/${prefix}`,
      upstream: new URL(service.primary).origin,
      // The service's Pool (or BalancedPool over its replicas): upstreams.ts has its keep-alive
      // and connection settings; reply-from destroys it when the gateway closes.
      undici: service.dispatcher as unknown as NonNullable<FastifyHttpProxyOptions['undici']>,
      destroyAgent: true,
      disableRequestLogging: true,
      proxyPayloads: false,
      // A service's Location headers are passed on unchanged (its redirects are site-relative).
      internalRewriteLocationHeader: false,
      // The path guard has already refused any path that is not in its plain form, so what follows
      // the prefix goes to the service as it is (an empty rest is the service root).
      handler: (req, reply, dest, replyOptions) => {
        const body = bodyOf(req)
        // RFC 9110 §8.3: a body without a type may be taken as octet-stream; say so rather than leave it to the service.
        return reply.from(dest || '/', body ? { ...replyOptions, body, contentType: req.headers['content-type'] ?? 'application/octet-stream' } : replyOptions)
      },
      replyOptions: {
        timeout: config.UPSTREAM_TIMEOUT_MS,
        rewriteRequestHeaders: forwardedHeaders,
        rewriteHeaders: returnedHeaders,
        // Retries are upstreams.ts's: with several replicas, a request that met one down or draining goes
        // to another; with one, only a read whose connection was found closed is tried again.
        retryDelay: (details) => {
          const ctx = details as unknown as RetryContext & { res?: { stream?: Readable } | null }
          const delay = service.retryDelay(ctx)
          // An answer that is not passed on is read to its end, freeing its connection.
          if (delay !== null) ctx.res?.stream?.resume()
          return delay
        },
        onResponse: onResponse as unknown as NonNullable<NonNullable<FastifyHttpProxyOptions['replyOptions']>['onResponse']>,
        // reply-from types the reply for HTTP/2 too; the gateway serves HTTP/1.1.
        onError: (reply, { error }) => upstreamFailed(reply as unknown as FastifyReply, failureStatus(error)),
      },
    }
    await app.register(httpProxy, options)
  }
}
