import { createRedis, errorPayload } from '@hearing/service-kit'
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify'
import type { Redis } from 'ioredis'
import { allowance, type Decision, type SharedCounter } from './allowance.js'

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment and try again.'

export interface RateLimitOptions {
  redisUrl: string
  max: number
  windowMs: number
  /** Prefix of the counters' Redis keys. */
  nameSpace: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limit, as an onRequest or preHandler hook of the routes it covers. */
    rateLimit(): onRequestHookHandler
  }
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

function redisCounter(redis: Redis, nameSpace: string): SharedCounter {
  redis.defineCommand('reserveAllowance', { numberOfKeys: 1, lua: RESERVE_SCRIPT })
  return {
    async reserve(key, n, windowMs) {
      const [total, ttlMs] = await (redis as ReservingRedis).reserveAllowance(`${nameSpace}${key}`, n, windowMs)
      return { total, ttlMs }
    },
  }
}

function answer(reply: FastifyReply, max: string, decision: Decision | undefined, done: () => void) {
  // The counter could not be asked (Redis down): the request passes, unlimited.
  if (!decision) return done()
  const resetSeconds = Math.ceil(decision.resetInMs / 1000)
  reply.header('x-ratelimit-limit', max).header('x-ratelimit-remaining', String(decision.remaining)).header('x-ratelimit-reset', String(resetSeconds))
  if (decision.allowed) return done()
  reply.code(429).header('retry-after', Math.max(1, resetSeconds)).send(errorPayload(429, RATE_LIMIT_MESSAGE))
}

/**
 * Requests per client address and window, shared by every gateway replica through Redis (without a
 * round trip per request: allowance.ts), keyed on request.ip: the TCP peer, or what X-Forwarded-For
 * says only when that peer is a trusted proxy (Fastify trustProxy). Not global: the API and the SPA's
 * pages opt in with app.rateLimit(), while static files and health probes stay unlimited (one page
 * load fetches many hashed chunks; probes come from the orchestrator). If Redis is down, requests
 * pass: losing rate limiting beats losing the site.
 */
export async function rateLimiting(app: FastifyInstance, opts: RateLimitOptions): Promise<Redis> {
  const redis = createRedis(opts.redisUrl, 'client', (err) => app.log.warn({ reason: err.message }, 'redis connection problem'))
  const limit = allowance({
    max: opts.max,
    windowMs: opts.windowMs,
    counter: redisCounter(redis, opts.nameSpace),
    onError: (err) => app.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'rate limit not counted: redis failed'),
  })
  app.addHook('onClose', async () => {
    limit.close()
    await redis.quit().catch(() => redis.disconnect())
  })
  // Commands fail fast until the first connection is up, which would let the first requests through
  // uncounted; give Redis a moment before serving, but never refuse to start without it.
  app.addHook('onReady', async () => {
    if (!(await connectedWithin(redis, 2000))) app.log.warn('redis not reachable yet: rate limits are off until it is')
  })
  // A callback hook: most requests are decided at once, without a promise.
  const max = String(opts.max)
  const hook: onRequestHookHandler = (req, reply, done) => {
    const decision = limit.take(req.ip)
    if (decision instanceof Promise) void decision.then((d) => answer(reply, max, d, done))
    else answer(reply, max, decision, done)
  }
  app.decorate('rateLimit', () => hook)
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
