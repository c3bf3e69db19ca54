import rateLimit from '@fastify/rate-limit'
import { createRedis, errorPayload } from '@hearing/service-kit'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment and try again.'

export interface RateLimitOptions {
  redisUrl: string
  max: number
  windowMs: number
  /** Prefix of the counters' Redis keys. */
  nameSpace: string
}

/**
 * Counters in Redis, shared by every gateway replica, keyed on request.ip: the TCP peer, or what
 * X-Forwarded-For says only when that peer is a trusted proxy (Fastify trustProxy). Not global:
 * the API and the SPA's pages opt in with app.rateLimit(), while static files and health probes stay
 * unlimited (one page load fetches many hashed chunks; probes come from the orchestrator).
 * If Redis is down, requests pass (skipOnError): losing rate limiting beats losing the site.
 */
export async function rateLimiting(app: FastifyInstance, opts: RateLimitOptions): Promise<Redis> {
  const redis = createRedis(opts.redisUrl, 'client', (err) => app.log.warn({ reason: err.message }, 'redis connection problem'))
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect())
  })
  // Commands fail fast until the first connection is up, which would let the first requests through
  // uncounted; give Redis a moment before serving, but never refuse to start without it.
  app.addHook('onReady', async () => {
    if (!(await connectedWithin(redis, 2000))) app.log.warn('redis not reachable yet: rate limits are off until it is')
  })
  await app.register(rateLimit, {
    global: false,
    max: opts.max,
    timeWindow: opts.windowMs,
    redis,
    nameSpace: opts.nameSpace,
    skipOnError: true,
    errorResponseBuilder: (_req, context) => errorPayload(context.statusCode, RATE_LIMIT_MESSAGE),
  })
  return redis
}

function connectedWithin(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer)
      redis.off('ready', onReady)
      resolve(ok)
    }
    const onReady = () => done(true)
    const timer = setTimeout(() => done(false), ms)
    redis.once('ready', onReady)
  })
}
