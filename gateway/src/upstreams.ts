import { BalancedPool, Pool, type Dispatcher } from 'undici'

/**
 * A service's replicas, from `<SERVICE>_URL` (one URL, or several separated by commas). The proxy
 * (@fastify/http-proxy, through reply-from) sends each request to one of them through an undici BalancedPool: round robin, and a replica that
 * refuses connections or fails loses weight, so traffic moves to the others until it answers again
 * (passive health). A request that could not be sent (connection refused) is retried on another
 * replica whatever its method; an idempotent one also after a broken connection or a 503.
 *
 * Pool settings: keep-alive connections (undici's; the services keep idle ones 72 s and say so, and
 * undici honours that), at most POOL_CONNECTIONS per replica, one request at a time on each (no
 * pipelining: a request behind a slow one would wait for it, and a broken connection would take
 * several requests, writes among them, with it). One replica gets a Pool of its own rather than
 * an Agent, which would look its pool up by origin on every request.
 */
/** What decides a retry (reply-from's retryDelay): the error, or the answer's status, and how many tries came before. */
export interface RetryContext {
  err?: Error | null
  req: { method?: string }
  res?: { statusCode?: number } | null
  attempt: number
}

export interface Upstreams {
  /** The first replica: what the proxy builds URLs with (the dispatcher picks the replica). */
  primary: string
  /** A Pool of the one replica, or a BalancedPool over every replica. */
  dispatcher: Dispatcher
  /** The Pool's origin, which each request names; undefined for a BalancedPool (it picks the replica). */
  origin?: string
  /** For the gateway's own calls (sitemaps, page heads): the next replica, round robin. */
  next(): string
  /** reply-from's retryDelay for this service: milliseconds before trying again, or null. */
  retryDelay: (ctx: RetryContext) => number | null
}

/** Connections to one replica at most: far more than its database pool serves at once. */
const POOL_CONNECTIONS = 128

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The connection could not be made: nothing was sent, so any request may go to another replica. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH'])
/** The connection broke during the exchange: the replica may have acted on it, so idempotent requests only. */
const BROKEN = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'])


/** Whether another replica may take this request (see NOT_CONNECTED and BROKEN). */
export function mayRetryElsewhere({ err, req, res }: RetryContext): boolean {
  const idempotent = IDEMPOTENT.has(req.method ?? '')
  if (err) {
    const { code, cause } = err as Error & { code?: string; cause?: { code?: string } }
    const reason = cause?.code ?? code ?? ''
    return NOT_CONNECTED.has(reason) || (idempotent && BROKEN.has(reason))
  }
  // A 503 (a replica draining, or busy) may have been acted on: idempotent requests only.
  return idempotent && res?.statusCode === 503
}

export function upstreams(urls: readonly string[], { connectTimeoutMs }: { connectTimeoutMs: number }): Upstreams {
  const [primary] = urls
  if (!primary) throw new Error('a service needs at least one URL')
  let turn = 0
  const next = () => urls[turn++ % urls.length]!
  // One replica: a read whose pooled connection turned out closed (the process just died or was
  // restarted; the pool may hold several such) is tried again, up to three times: it is answered,
  // or refused (503). Writes never are.
  const poolOptions = { connectTimeout: connectTimeoutMs, connections: POOL_CONNECTIONS }
  if (urls.length === 1) {
    return {
      primary,
      next,
      dispatcher: new Pool(new URL(primary).origin, poolOptions),
      origin: new URL(primary).origin,
      retryDelay: (ctx) => (ctx.attempt < 3 && !ctx.res && IDEMPOTENT.has(ctx.req.method ?? '') && mayRetryElsewhere(ctx) ? 1 : null),
    }
  }
  return {
    primary,
    next,
    dispatcher: new BalancedPool(urls.map((u) => new URL(u).origin), poolOptions),
    // Round robin may send a retry to the same replica: allow two rounds.
    retryDelay: (ctx) => (ctx.attempt < 2 * urls.length && mayRetryElsewhere(ctx) ? 1 : null),
  }
}
