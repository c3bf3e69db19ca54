import proxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy'
import { SERVICE_REGISTRY } from '@hearing/contracts'
import { errorPayload, INVALID_URL_MESSAGE } from '@hearing/service-kit'
import type { FastifyInstance } from 'fastify'
import type { Config } from './config.js'
import { apiCache, type UpstreamAnswer } from './api-cache.js'
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

type ReplyOptions = NonNullable<FastifyHttpProxyOptions['replyOptions']>

const forwardedHeaders: NonNullable<ReplyOptions['rewriteRequestHeaders']> = (req, headers) => {
  const out: typeof headers = {}
  for (const name in headers) {
    if (DROPPED_HEADERS.has(name) || (name.startsWith('x-') && DROPPED_PREFIXES.some((p) => name.startsWith(p)))) continue
    out[name] = headers[name]
  }
  // request.ip/protocol/host honour X-Forwarded-* only from a configured trusted proxy.
  out['x-forwarded-for'] = req.ip
  out['x-forwarded-proto'] = req.protocol
  out['x-forwarded-host'] = req.host
  out['x-request-id'] = req.id
  return out
}

/** How soon a client may try a service that is down again: a restart takes a few seconds. */
const DOWN_RETRY_AFTER_SECONDS = 5
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])
const FAILURE_MESSAGES = {
  502: 'This part of the site ran into a problem. Please try again shortly.',
  503: 'This part of the site is temporarily unavailable. Please try again shortly.',
  504: 'This part of the site is taking too long to answer. Please try again shortly.',
} as const

/**
 * The answer when the upstream could not be reached (503: down, or not there at all), did not answer
 * within UPSTREAM_TIMEOUT_MS (504; reply-from marks its timeouts with statusCode 504), or failed
 * otherwise, e.g. reset the connection (502). reply-from has already logged the cause.
 */
const upstreamFailed: NonNullable<ReplyOptions['onError']> = (reply, { error }) => {
  const { code, statusCode, cause } = error as Error & { code?: string; statusCode?: number; cause?: { code?: string } }
  const status = UNREACHABLE.has(cause?.code ?? code ?? '') ? 503 : statusCode === 504 ? 504 : 502
  // Down (every replica): the launcher or Kubernetes restarts it within seconds, so say when to come back.
  if (status === 503) reply.header('retry-after', String(DOWN_RETRY_AFTER_SECONDS))
  reply.code(status).send(errorPayload(status, FAILURE_MESSAGES[status]))
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
  const broken = new Error('the service broke off its answer')

  // Bodies are read whole, whatever their type, so BODY_LIMIT_BYTES applies (streamed straight through,
  // as the proxy does by default, they would escape Fastify's bodyLimit), then sent on byte for byte.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  for (const [prefix, variable] of Object.entries(SERVICES)) {
    const service = upstreams(config[variable], { connectTimeoutMs: config.UPSTREAM_TIMEOUT_MS })
    const proxyOptions: FastifyHttpProxyOptions = {
      prefix: `/${prefix}`,
      upstream: service.primary,
      proxyPayloads: false, // we parse (above); the proxy must not add its streaming parsers
      handler: (req, reply, dest, options) =>
        reply.from(
          dest,
          Buffer.isBuffer(req.body)
            ? // contentType makes reply-from send the bytes as they came instead of re-encoding JSON
              { ...options, body: req.body, contentType: req.headers['content-type'] ?? 'application/octet-stream' }
            : options,
        ),
      replyOptions: {
        rewriteRequestHeaders: forwardedHeaders,
        timeout: config.UPSTREAM_TIMEOUT_MS,
        onError: upstreamFailed,
        onResponse: (req, reply, res) => cache.onResponse(req, reply, res as unknown as UpstreamAnswer, (r) => upstreamFailed(r, { error: broken })),
        retryDelay: service.retryDelay,
      },
      undici: service.dispatcher,
      // Retries are upstreams.ts's: with several replicas, a request that met one down or draining goes
      // to another; with one, only a read whose connection was found closed is tried again.
      retryMethods: [],
      // A service's relative redirect is site-relative (identity's confirm-email and Google callback
      // answer `Location: /`): the proxy must not prefix it with /api/<service>.
      internalRewriteLocationHeader: false,
      disableRequestLogging: true,
      destroyAgent: true,
    }
    await app.register(proxy, proxyOptions)
  }
}
