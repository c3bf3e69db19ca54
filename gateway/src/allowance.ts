/**
 * A rate limit shared by every gateway replica without a Redis round trip per request: the
 * counter of each client's window lives in Redis, and a replica reserves part of it ahead, a lease
 * of L requests at a time (INCRBY L), then spends that allowance locally. Since a replica only
 * admits requests that Redis granted, all replicas together never admit more than `max` per window.
 * The error goes the other way and is bounded: allowance a replica reserved but its client no longer
 * spends there (the client moved to another replica) is lost for the window, at most 2·L per replica
 * (what it holds plus one lease in flight), so a client whose requests are spread over R replicas
 * is refused after at least max − 2·L·(R − 1) requests. L starts at 1 for each client and window
 * (a client that sends a few requests reserves no more than it uses) and doubles with each lease up
 * to max/40 (and at most MAX_LEASE): with two replicas, a client may lose at most 5% of its
 * allowance. Once Redis said a window is spent, the replica refuses until the window ends without
 * asking again; the next lease is requested ahead, when a quarter of the last one is left, so
 * requests seldom wait for Redis at all.
 */

/** The shared counter: adds n to a window's count (starting the window if it has none) and answers the new count. */
export interface SharedCounter {
  reserve(key: string, n: number, windowMs: number): Promise<{ total: number; ttlMs: number }>
}

export interface AllowanceOptions {
  max: number
  windowMs: number
  counter: SharedCounter
  /** Called when the counter failed: the request is let through (losing rate limiting beats losing the site). */
  onError?: (err: unknown) => void
  /** The clock (tests move it). */
  now?: () => number
}

/** What the limit says of one request; `undefined`: the counter could not be asked, let it through. */
export interface Decision {
  allowed: boolean
  /** Requests left in the window, as far as this replica knows (exact when the client uses one replica). */
  remaining: number
  /** Milliseconds until the window ends. */
  resetInMs: number
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

export function allowance({ max, windowMs, counter, onError = () => {}, now = Date.now }: AllowanceOptions) {
  const largestLease = Math.max(1, Math.min(MAX_LEASE, Math.floor(max / 40)))
  const windows = new Map<string, Window>()

  const decision = (w: Window, allowed: boolean): Decision => ({
    allowed,
    remaining: Math.max(0, max - w.total + w.tokens),
    resetInMs: Math.max(0, w.resetAt - now()),
  })

  const lease = (key: string, w: Window): Promise<boolean> => {
    const n = w.lease
    w.pending = counter.reserve(key, n, windowMs).then(
      ({ total, ttlMs }) => {
        // Of the n reserved, what fits under max (the others went to requests counted before).
        w.tokens += Math.max(0, Math.min(n, max - (total - n)))
        w.total = total
        w.resetAt = now() + ttlMs
        w.lease = Math.min(largestLease, n * 2)
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
  const spend = (key: string, w: Window): Decision | undefined => {
    if (w.tokens > 0) {
      w.tokens--
      // Ask for the next lease ahead, so the requests after these need not wait for it.
      if (w.tokens <= w.lease / 4 && !w.pending && w.total < max) void lease(key, w)
      return decision(w, true)
    }
    if (w.total >= max && !w.pending) return decision(w, false)
    return undefined
  }

  const waitForLease = async (key: string, known: Window | undefined): Promise<Decision | undefined> => {
    let w = known
    if (!w) {
      w = { tokens: 0, total: 0, resetAt: now() + windowMs, lease: 1 }
      if (windows.size < MAX_CLIENTS) windows.set(key, w)
    }
    for (;;) {
      if (!(await (w.pending ?? lease(key, w)))) return undefined
      const decided = spend(key, w)
      if (decided) return decided
    }
  }

  // Windows that ended are forgotten (their Redis keys expire by themselves).
  const sweeper = setInterval(() => {
    const at = now()
    for (const [key, w] of windows) if (at >= w.resetAt && !w.pending) windows.delete(key)
  }, windowMs)
  sweeper.unref()

  return {
    /** The decision for one request of `key`'s client: at once when this replica can decide, else after a lease. */
    take(key: string): Decision | Promise<Decision | undefined> {
      let w = windows.get(key)
      if (w && now() >= w.resetAt && !w.pending) {
        windows.delete(key)
        w = undefined
      }
      return (w && spend(key, w)) ?? waitForLease(key, w)
    },
    close() {
      clearInterval(sweeper)
      windows.clear()
    },
  }
}
