import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance } from 'fastify'

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.'
export const INVALID_URL_MESSAGE = 'This address is not valid.'

export function errorPayload(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message }
}

/** One error shape everywhere: clear messages for 4xx, nothing internal for 5xx. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500
    if (status >= 500) {
      req.log.error({ err }, 'request failed')
      return reply.code(status).send(errorPayload(status, status === 503 ? 'Service temporarily unavailable. Please try again shortly.' : INTERNAL_ERROR_MESSAGE))
    }
    req.log.info({ statusCode: status, reason: err.message }, 'request rejected')
    return reply.code(status).send(errorPayload(status, err.message))
  })
}

/** The error handler plus a JSON 404 for unknown routes (the gateway has the SPA's 404 instead). */
export function installErrorHandling(app: FastifyInstance): void {
  installErrorHandler(app)
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(errorPayload(404, `No route for ${req.method} ${req.url.split('?')[0]}`))
  })
}

/** An error carrying an HTTP status, for handlers to throw. */
export function httpError(statusCode: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode })
}
