import rateLimit from '@fastify/rate-limit'
import { createRedis, httpError } from '@hearing/service-kit'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { leasedStore, type SharedCounter } from './leased-store.js'

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment and try again.'

export interface RateLimitOptions {
  redisUrl: string
  max: number
  windowMs: number
  /** Prefix of the counters' Redis keys. */
  nameSpace: string
}

/** Adds n to a window's count, starting the window (its expiry) with the first reservation. */
const RESERVE_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}
`

type ReservingRedis = Redis & { reserveAllowance(key: string, n: number, windowMs: number): Promise<[number, number]> }

export function redisCounter(redis: Redis, nameSpace: string): SharedCounter {
  redis.defineCommand('reserveAllowance', { numberOfKeys: 1, lua: RESERVE_SCRIPT })
  return {
    async reserve(key, n, windowMs) {
      const [total, ttlMs] = await (redis as ReservingRedis).reserveAllowance(`${nameSpace}${key}`, n, windowMs)
      return { total, ttlMs }
    },
    available: () => redis.status === 'ready',
  }
}

/**
 * Requests per client address and window (@fastify/rate-limit), shared by every gateway replica
 * through Redis without a round trip per request (leased-store.ts), keyed on request.ip (the
 * plugin's default key, IPv6 addresses by their /64): the TCP peer, or what X-Forwarded-For says
 * only when that peer is a trusted proxy (Fastify trustProxy). Not global: the API and the SPA's
 * pages opt in with app.rateLimit(), while static files and health probes stay unlimited (one page
 * load fetches many hashed chunks; probes come from the orchestrator). If Redis is down, each
 * process counts on its own: the limit holds per replica.
 */
export async function rateLimiting(app: FastifyInstance, opts: RateLimitOptions): Promise<Redis> {
  const redis = createRedis(opts.redisUrl, 'client', (err) => app.log.warn({ reason: err.message }, 'redis connection problem'))
  await app.register(rateLimit, {
    global: false,
    max: opts.max,
    timeWindow: opts.windowMs,
    store: leasedStore({
      counter: redisCounter(redis, opts.nameSpace),
      onError: (err) => app.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'rate limit counted per process: redis failed'),
    }),
    errorResponseBuilder: () => httpError(429, RATE_LIMIT_MESSAGE),
  })
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect())
  })
  // Until the first connection is up, requests are counted per process only; give Redis a moment
  // before serving, but never refuse to start without it.
  app.addHook('onReady', async () => {
    if (!(await connectedWithin(redis, 2000))) app.log.warn('redis not reachable yet: rate limits are counted per process until it is')
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
