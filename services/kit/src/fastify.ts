import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
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
}

export type App = FastifyInstance<any, any, any, any, ZodTypeProvider>

/** A Fastify instance with the kit's defaults: redacted logging, propagated request ids, zod schemas, timeouts. */
export function createFastify({ name, logLevel, bodyLimit = 256 * 1024, trustProxy = false }: FastifyOptions): App {
  const app = Fastify({
    logger: logLevel === false ? false : loggerOptions(logLevel, name),
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    bodyLimit,
    trustProxy,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })
  return app
}
