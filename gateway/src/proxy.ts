import { SERVICE_REGISTRY } from '@hearing/contracts'
import { errorPayload, INVALID_URL_MESSAGE } from '@hearing/service-kit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from './config.js'
import { apiCache } from './api-cache.js'
import { forward, requestHeaders, type FailureStatus, type ForwardOptions } from './forward.js'
import { classifyApiPath } from './path-guard.js'
import { upstreams } from './upstreams.js'

/** /api/<prefix>/* goes to the service at <env variable>, with /api/<prefix> stripped (the service registry). */
export const SERVICES = Object.fromEntries(SERVICE_REGISTRY.map((s) => [s.gatewayPrefix, s.gatewayEnv])) as {
  [S in (typeof SERVICE_REGISTRY)[number] as S['gatewayPrefix']]: S['gatewayEnv'] & keyof Config
}

/**
 * Client headers that would let a caller speak for someone else: identity and internal credentials
 * (services trust them from the gateway only), forwarding information and request ids. The gateway
 * drops them all, then sets the forwarding headers from what it knows itself.
 */
const DROPPED_HEADERS = new Set([
  'forwarded', 'x-real-ip', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'x-request-id',
])
const DROPPED_PREFIXES = ['x-forwarded-', 'x-user-', 'x-internal-']

const dropped = (name: string) => DROPPED_HEADERS.has(name) || (name.startsWith('x-') && DROPPED_PREFIXES.some((p) => name.startsWith(p)))

/** The client's headers as the service gets them: forged ones dropped, the forwarding ones set from what the gateway knows. */
export function forwardedHeaders(req: FastifyRequest): string[] {
  // request.ip/protocol/host honour X-Forwarded-* only from a configured trusted proxy.
  return requestHeaders(req.headers, dropped, {
    'x-forwarded-for': req.ip,
    'x-forwarded-proto': req.protocol,
    'x-forwarded-host': req.host,
    'x-request-id': req.id,
  })
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
 * forward.ts has logged the cause.
 */
function upstreamFailed(reply: FastifyReply, status: FailureStatus) {
  // Down (every replica): the launcher or Kubernetes restarts it within seconds, so say when to come back.
  if (status === 503) reply.header('retry-after', String(DOWN_RETRY_AFTER_SECONDS))
  reply.code(status).send(errorPayload(status, FAILURE_MESSAGES[status]))
}

/** Methods the API passes on. */
const METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const

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
  // Bodies are read whole, whatever their type, so BODY_LIMIT_BYTES applies, then sent on byte for byte.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  for (const [prefix, variable] of Object.entries(SERVICES)) {
    const service = upstreams(config[variable], { connectTimeoutMs: config.UPSTREAM_TIMEOUT_MS })
    // Retries are upstreams.ts's: with several replicas, a request that met one down or draining goes
    // to another; with one, only a read whose connection was found closed is tried again.
    const options: ForwardOptions = {
      dispatcher: service.dispatcher,
      origin: service.origin,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      retryDelay: service.retryDelay,
      onWhole: (req, answer) => cache.offer(req, answer),
      failed: upstreamFailed,
    }
    // /api/<prefix> and /api/<prefix>/...: the path guard has already refused any path that is not
    // in its plain form, so what follows the prefix goes to the service as it is. A service's
    // Location headers are passed on unchanged (its redirects are site-relative).
    const strip = `/api/${prefix}`.length
    const handler = (req: FastifyRequest, reply: FastifyReply) => {
      const path = req.url.length === strip ? '/' : req.url[strip] === '?' ? `/${req.url.slice(strip)}` : req.url.slice(strip)
      const body = Buffer.isBuffer(req.body) ? req.body : undefined
      const headers = forwardedHeaders(req)
      // RFC 9110 §8.3: a body without a type may be taken as octet-stream; say so rather than leave it to the service.
      if (body && !req.headers['content-type']) headers.push('content-type', 'application/octet-stream')
      forward(req, reply, path, headers, body, options)
    }
    app.route({ method: [...METHODS], url: `/${prefix}`, handler })
    app.route({ method: [...METHODS], url: `/${prefix}/*`, handler })
    app.addHook('onClose', () => service.dispatcher.destroy())
  }
}
