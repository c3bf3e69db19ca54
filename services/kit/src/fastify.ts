import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import { errorPayload, INTERNAL_ERROR_MESSAGE, INVALID_URL_MESSAGE } from './errors.js'
import { loggerOptions } from './logger.js'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from './validation.js'

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
}

export type App = FastifyInstance<any, any, any, any, ZodTypeProvider>

/** A Fastify instance with the kit's defaults: redacted logging, propagated request ids, zod schemas, timeouts. */
export function createFastify({ name, logLevel, bodyLimit = 256 * 1024, trustProxy = false, requestIds = 'propagate' }: FastifyOptions): App {
  const app = Fastify({
    logger: logLevel === false ? false : loggerOptions(logLevel, name),
    requestIdHeader: false,
    genReqId: requestIds === 'generate' ? () => randomUUID() : (req) => requestIdFrom(req.headers['x-request-id']),
    bodyLimit,
    trustProxy,
    // Slow clients cannot hold sockets: the whole request must arrive within 30 s.
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000, // above the usual 60 s idle timeout of load balancers in front
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // URLs that do not even decode never reach a route; answer them in the usual error shape.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode === 400 ? 400 : 500
      ;(reply as FastifyReply).code(status).send(errorPayload(status, status === 400 ? INVALID_URL_MESSAGE : INTERNAL_ERROR_MESSAGE))
    },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })
  return app
}
