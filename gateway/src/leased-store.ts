import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { LocalStore } from '@hearing/service-kit'

/**
 * A store for @fastify/rate-limit (its `store` option) shared by every gateway replica without a
 * Redis round trip per request: the count of each client's window lives in Redis, and a replica
 * reserves part of it ahead, a lease of L requests at a time (INCRBY L), then spends that allowance
 * locally.
 *
 * Error bound, while Redis answers: a replica only admits requests that Redis granted, so all
 * replicas together never admit more than `max` per window. The error goes the other way:
 * allowance a replica reserved but its client no longer spends there (the client moved to another
 * replica) is lost for the window, at most 2·L per replica (what it holds plus one lease in flight),
 * so a client whose requests are spread over R replicas is refused after at least
 * max − 2·L·(R − 1) requests. L starts at 1 for each client and window (a client that sends a few
 * requests reserves no more than it uses) and doubles with each lease up to max/40 (and at most
 * MAX_LEASE): with two replicas, a client may lose at most 5% of its allowance. Once Redis said a
 * window is spent, the replica refuses until the window ends without asking again; the next lease
 * is requested ahead, when a quarter of the last one is left, so requests seldom wait for Redis.
 *
 * While Redis is down (not connected, or a lease failed), each process counts on its own with the
 * plugin's LocalStore: a client is limited to `max` per window per replica (R·max in all), and
 * when Redis is back a window may admit the requests counted locally on top of its shared `max`.
 */

/** The shared counter: adds n to a window's count (starting the window if it has none) and answers the new count. */
export interface SharedCounter {
  reserve(key: string, n: number, windowMs: number): Promise<{ total: number; ttlMs: number }>
  /** Whether it can be asked now; if not, requests are counted per process without trying. */
  available(): boolean
}

export interface LeasedStoreOptions {
  counter: SharedCounter
  /** Called when a lease failed; the request is counted per process instead. */
  onError?: (err: unknown) => void
  /** The clock (tests move it). */
  now?: () => number
}

/** What the plugin's incr answers: the client's count in the window, and milliseconds left. */
export interface Count {
  current: number
  ttl: number
}



/** The largest lease, whatever the limit. */
export const MAX_LEASE = 100
/** Clients whose window is kept in memory at most; beyond that, each request asks Redis for itself. */
const MAX_CLIENTS = 100_000

interface Window {
  /** Requests granted by Redis to this replica and not spent yet. */
  tokens: number
  /** The window's count in Redis (all replicas' reservations) as of the last lease. */
  total: number
  resetAt: number
  /** The size of the next lease. */
  lease: number
  /** The lease on its way; resolves to false when the counter failed. */
  pending?: Promise<boolean>
}

/** The store class the plugin constructs (`store: leasedStore({...})`): counts in `counter`, leased. */
export function leasedStore({ counter, onError = () => {}, now = Date.now }: LeasedStoreOptions): FastifyRateLimitStoreCtor {
  class LeasedStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, Window>()
    private readonly local = new LocalStore(false, false, MAX_CLIENTS)
    private nextSweep = 0

    /** `keyPrefix`: a route's own limit (child) counts apart from the others. */
    constructor(
      _params?: unknown,
      private readonly keyPrefix = '',
    ) {}

    incr(key: string, cb: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number): void {
      const at = now()
      if (at >= this.nextSweep) this.sweep(at, timeWindow)
      const fullKey = this.keyPrefix + key
      if (!counter.available()) return this.local.incr(fullKey, cb, timeWindow, max)
      const counted = this.take(fullKey, timeWindow, max)
      if (!(counted instanceof Promise)) return cb(null, counted)
      counted.then(
        (c) => (c ? cb(null, c) : this.local.incr(fullKey, cb, timeWindow, max)),
        (err: Error) => cb(err),
      )
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the merged limit options, with the route under routeInfo.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo
      return new LeasedStore(undefined, `${this.keyPrefix}${route?.method ?? ''}${route?.url ?? ''}-`)
    }

    /** Windows that ended are forgotten (their Redis keys expire by themselves), once per window length. */
    private sweep(at: number, windowMs: number) {
      this.nextSweep = at + windowMs
      for (const [key, w] of this.windows) if (at >= w.resetAt && !w.pending) this.windows.delete(key)
    }

    /** The count for one request: at once when this replica can decide, else after a lease; undefined when the counter failed. */
    private take(key: string, windowMs: number, max: number): Count | Promise<Count | undefined> {
      let w = this.windows.get(key)
      if (w && now() >= w.resetAt && !w.pending) {
        this.windows.delete(key)
        w = undefined
      }
      return (w && this.spend(key, w, windowMs, max)) ?? this.waitForLease(key, w, windowMs, max)
    }

    private count(w: Window, allowed: boolean, max: number): Count {
      // Admitted: at most max (the plugin refuses above it); exact when the client uses one replica.
      const spent = w.total - w.tokens
      return { current: allowed ? Math.min(max, spent) : Math.max(max + 1, spent), ttl: Math.max(1, w.resetAt - now()) }
    }

    private lease(key: string, w: Window, windowMs: number, max: number): Promise<boolean> {
      const n = w.lease
      const largest = Math.max(1, Math.min(MAX_LEASE, Math.floor(max / 40)))
      w.pending = counter.reserve(key, n, windowMs).then(
        ({ total, ttlMs }) => {
          // Of the n reserved, what fits under max (the others went to requests counted before).
          w.tokens += Math.max(0, Math.min(n, max - (total - n)))
          w.total = total
          w.resetAt = now() + ttlMs
          w.lease = Math.min(largest, n * 2)
          w.pending = undefined
          return true
        },
        (err: unknown) => {
          w.pending = undefined
          onError(err)
          return false
        },
      )
      return w.pending
    }

    /** Spends an allowance this replica holds, or refuses when Redis said the window is spent; undefined: a lease is needed. */
    private spend(key: string, w: Window, windowMs: number, max: number): Count | undefined {
      if (w.tokens > 0) {
        w.tokens--
        // Ask for the next lease ahead, so the requests after these need not wait for it.
        if (w.tokens <= w.lease / 4 && !w.pending && w.total < max) void this.lease(key, w, windowMs, max)
        return this.count(w, true, max)
      }
      if (w.total >= max && !w.pending) return this.count(w, false, max)
      return undefined
    }

    private async waitForLease(key: string, known: Window | undefined, windowMs: number, max: number): Promise<Count | undefined> {
      let w = known
      if (!w) {
        w = { tokens: 0, total: 0, resetAt: now() + windowMs, lease: 1 }
        if (this.windows.size < MAX_CLIENTS) this.windows.set(key, w)
      }
      for (;;) {
        if (!(await (w.pending ?? this.lease(key, w, windowMs, max)))) return undefined
        const counted = this.spend(key, w, windowMs, max)
        if (counted) return counted
      }
    }
  }
  return LeasedStore
}
