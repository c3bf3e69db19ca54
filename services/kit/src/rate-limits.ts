import { createRequire } from 'node:module'
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { clientAddress } from './client-address.js'
import { httpError } from './errors.js'

type RateLimitStore = FastifyRateLimitStore
type StoreCallback = Parameters<RateLimitStore['incr']>[1]
type RouteLimitOptions = Parameters<RateLimitStore['child']>[0]

// The plugin's own two stores are not in its main entry; its package has no exports map (so their
// paths are public), and they come without type declarations. The gateway's leased store uses LocalStore too.
const requireStore = createRequire(import.meta.url)
export const LocalStore = requireStore('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => RateLimitStore
const RedisStore = requireStore('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => RateLimitStore

/** Longer than this for Redis's answer and the request is counted here instead. */
const REDIS_ANSWER_MS = 500
/**
 * The plugin's RedisStore while Redis answers, its LocalStore (a count in this process) while it
 * does not: a limit never lets everything through because Redis is down. Error bound while Redis is
 * away (or not yet connected, just after boot): each replica counts alone, so up to (replicas × max)
 * get through per window, and counts made meanwhile are not carried into Redis when it is back.
 */
class RedisOrLocalStore implements RateLimitStore {
  constructor(
    readonly redis: Redis | null,
    readonly remote: RateLimitStore | null,
    readonly local: RateLimitStore,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    const { redis, remote, local } = this
    if (!remote || !redis || redis.status !== 'ready') return local.incr(key, callback, timeWindow, max)
    let settled = false
    const countHere = () => {
      if (settled) return
      settled = true
      local.incr(key, callback, timeWindow, max)
    }
    const timer = setTimeout(countHere, REDIS_ANSWER_MS)
    remote.incr(
      key,
      (err, answer) => {
        clearTimeout(timer)
        if (err || !answer) return countHere()
        if (settled) return
        settled = true
        callback(null, answer)
      },
      timeWindow,
      max,
    )
  }

  child(routeOptions: RouteLimitOptions): RateLimitStore {
    return new RedisOrLocalStore(this.redis, this.remote?.child(routeOptions) ?? null, this.local.child(routeOptions))
  }
}

/** The `store` option: a class the plugin instantiates, bound to this Redis connection and key prefix. */
export function redisOrLocalStore(redis: Redis | null, prefix: string): FastifyRateLimitStoreCtor {
  return class extends RedisOrLocalStore {
    constructor() {
      super(redis, redis ? new RedisStore(false, false, redis, prefix) : null, new LocalStore(false, false))
    }
  }
}

export interface VisitorLimit {
  /** Requests allowed per window... */
  max: number
  /** ...of this many seconds, from the first. */
  windowSeconds: number
  /** The 429's message, given how long until the next one is allowed. */
  message: (retryAfterSeconds: number) => string
}

/**
 * @fastify/rate-limit for a route group's public forms: only routes that set `visitorLimit(...)` in
 * their config are limited, by the trusted client address, counted after the body was validated
 * (preHandler), so a patient's typo does not use up their allowance. Counted in Redis (shared by
 * every replica), in the process while Redis is away.
 */
export async function registerVisitorLimits(app: FastifyInstance, { prefix }: { prefix: string }): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: (req: FastifyRequest) => clientAddress(req),
    store: redisOrLocalStore(app.redis, `${prefix}:limit:`),
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
  })
}

/** A route's `config.rateLimit` for registerVisitorLimits. */
export function visitorLimit({ max, windowSeconds, message }: VisitorLimit) {
  return {
    max,
    timeWindow: windowSeconds * 1000,
    errorResponseBuilder: (_req: FastifyRequest, context: { ttl: number }) => httpError(429, message(Math.max(1, Math.ceil(context.ttl / 1000)))),
  }
}
