import { randomUUID } from 'node:crypto'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify'
import { errorPayload, INTERNAL_ERROR_MESSAGE, INVALID_URL_MESSAGE } from './errors.js'
import { AnsweredRequestLog, bufferedStdout, loggerOptions, RequestLogger } from './logger.js'
import type pino from 'pino'
import { installMetrics } from './metrics.js'
import { findUnstorableText } from './text.js'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from './validation.js'

/** Longest path parameter any route accepts (ids are far shorter). */
export const MAX_PARAM_LENGTH = 200
export const PARAM_TOO_LONG_MESSAGE = `A part of this address is too long (at most ${MAX_PARAM_LENGTH} characters).`

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/

/** The request id the gateway assigned, when well formed; a new one otherwise. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID()
}

export interface FastifyOptions {
  name: string
  /** false in tests; a pino level otherwise. */
  logLevel: string | false
  bodyLimit?: number
  trustProxy?: FastifyServerOptions['trustProxy']
  /**
   * 'propagate' (services): keep the id the gateway assigned. 'generate' (the gateway, where ids are
   * born): never adopt a client's.
   */
  requestIds?: 'propagate' | 'generate'
  /**
   * 'pair' (Fastify's): a line when a request arrives and one when it is answered, each written at
   * once. 'answered' (the gateway, which logs every request the site gets): one line when a request
   * is answered (id, method, URL with its secrets redacted, status, time), written without blocking.
   */
  requestLog?: 'pair' | 'answered'
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>

/** A route as declared: what tests walk to fuzz every schema the service has. */
export interface DeclaredRoute {
  method: string
  url: string
  schema?: { body?: unknown; querystring?: unknown; params?: unknown }
}
// A registered symbol, so a second copy of the kit (a test's) finds what this one recorded.
const DECLARED_ROUTES = Symbol.for('hearing.declared-routes')

/** Every route declared on the app (and its plugins) so far. */
export function routesOf(app: FastifyInstance): readonly DeclaredRoute[] {
  return (app as unknown as Record<symbol, DeclaredRoute[] | undefined>)[DECLARED_ROUTES] ?? []
}

/** A Fastify instance with the kit's defaults: redacted logging, propagated request ids, zod schemas, timeouts. */
export function createFastify({ name, logLevel, bodyLimit = 256 * 1024, trustProxy = false, requestIds = 'propagate', requestLog = 'pair' }: FastifyOptions): App {
  // The gateway's logs go through a buffer (bufferedStdout), its request lines through their own logger.
  const stream = logLevel !== false && requestLog === 'answered' ? bufferedStdout() : undefined
  const app = Fastify({
    logger: logLevel === false ? false : loggerOptions(logLevel, name, { stream }),
    ...(requestLog === 'answered' ? { logController: new AnsweredRequestLog(stream && AnsweredRequestLog.accessLogger(logLevel as string, name, stream)) } : {}),
    // Each request's logger is made only when the request logs something (RequestLogger).
    ...(logLevel === false
      ? {}
      : { childLoggerFactory: (logger: FastifyBaseLogger, bindings: pino.Bindings, options: pino.ChildLoggerOptions) => new RequestLogger(logger as pino.Logger, bindings, options) }),
    requestIdHeader: false,
    genReqId: requestIds === 'generate' ? () => randomUUID() : (req) => requestIdFrom(req.headers['x-request-id']),
    bodyLimit,
    trustProxy,
    // Slow clients cannot hold sockets: the whole request must arrive within 30 s.
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000, // above the usual 60 s idle timeout of load balancers in front
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // URLs that do not decode, or whose parameters are absurdly long, never reach a route: the
    // client's mistake (any 4xx the router reports) is a 400 in the usual error shape.
    frameworkErrors: (err, _req, reply) => {
      const clientError = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
      const status = clientError ? 400 : 500
      const message = !clientError ? INTERNAL_ERROR_MESSAGE : err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? PARAM_TOO_LONG_MESSAGE : INVALID_URL_MESSAGE
      ;(reply as FastifyReply).code(status).send(errorPayload(status, message))
    },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  const routes: DeclaredRoute[] = []
  Object.defineProperty(app, DECLARED_ROUTES, { value: routes })
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema as DeclaredRoute['schema'] })
    }
  })
  app.setSerializerCompiler(serializerCompiler)
  // Every route, with a schema or without: text no database can store (NUL) and broken Unicode
  // (lone surrogates) are a 400 naming the field, decided here once rather than per schema.
  // Callback hooks, here and below: no promise per request.
  app.addHook('preValidation', (req, reply, done) => {
    const problem =
      findUnstorableText(req.params, 'params') ?? findUnstorableText(req.query, 'querystring') ?? findUnstorableText(req.body, 'body')
    if (problem) reply.code(400).send(errorPayload(400, problem))
    else done()
  })
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id)
    done(null, payload)
  })
  installMetrics(app, name)
  return app
}
