import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance } from 'fastify'
import { isDatabaseUnavailable, isPoolExhausted } from './db.js'
import { validationMessage } from './validation.js'

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.'
export const INVALID_URL_MESSAGE = 'This address is not valid.'

/** How soon to try again when the database could not be had (a restart or failover takes seconds). */
const DATABASE_DOWN_RETRY_AFTER_SECONDS = 5

export function errorPayload(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message }
}

/** One error shape everywhere: clear messages for 4xx, nothing internal for 5xx. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // Every connection of the pool stayed busy past its wait: a burst, so 503 and come back in a second.
    // The database down, restarting or unreachable: 503 too, and come back in a few seconds.
    const exhausted = isPoolExhausted(err)
    const databaseDown = !exhausted && isDatabaseUnavailable(err)
    const status = exhausted || databaseDown ? 503 : err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500
    // An error may say when to come back (a saturated resource, a throttle).
    const retryAfter = exhausted ? 1 : databaseDown ? DATABASE_DOWN_RETRY_AFTER_SECONDS : (err as { retryAfterSeconds?: unknown }).retryAfterSeconds
    if (typeof retryAfter === 'number' && retryAfter > 0) reply.header('retry-after', String(Math.ceil(retryAfter)))
    if (status === 503) {
      req.log.warn({ reason: err.message }, 'request refused: temporarily unavailable')
      return reply.code(503).send(errorPayload(503, 'Service temporarily unavailable. Please try again shortly.'))
    }
    // An outside service failed and the caller is told so in words a page can show (SPEC §8).
    if (status >= 500 && (err as { expose?: unknown }).expose === true) {
      req.log.warn({ statusCode: status, reason: err.message }, 'request failed: an outside service')
      return reply.code(status).send(errorPayload(status, err.message))
    }
    if (status >= 500) {
      req.log.error({ err }, 'request failed')
      return reply.code(status).send(errorPayload(status, INTERNAL_ERROR_MESSAGE))
    }
    const message = validationMessage(err) ?? err.message
    req.log.info({ statusCode: status, reason: message }, 'request rejected')
    return reply.code(status).send(errorPayload(status, message))
  })
}

/** The error handler plus a JSON 404 for unknown routes (the gateway has the SPA's 404 instead). */
export function installErrorHandling(app: FastifyInstance): void {
  installErrorHandler(app)
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(errorPayload(404, `No route for ${req.method} ${req.url.split('?')[0]}`))
  })
}

/**
 * An error carrying an HTTP status, for handlers to throw. A 5xx message reaches the caller only
 * with `expose` (written for people, e.g. "Failed to create checkout. Please try again.").
 */
export function httpError(statusCode: number, message: string, { expose = false }: { expose?: boolean } = {}): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode, ...(expose ? { expose: true } : {}) })
}
