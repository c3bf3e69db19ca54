import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { util, type Dispatcher } from 'undici'

/**
 * One request passed on to a service and its answer passed back: the gateway's proxying, on
 * undici's dispatcher directly (no response stream, no per-request URL parsing; reply-from and
 * @fastify/http-proxy did both). An answer whose Content-Length is at most WHOLE_BODY_BYTES (nearly
 * every API answer) is read whole and sent with its headers in one write, and a body that breaks
 * off is a clean 502 rather than a cut-off 200; a larger or unsized answer is streamed, with
 * backpressure.
 */

/** Answers up to this size are read whole before they are sent (the API cache keeps nothing larger). */
export const WHOLE_BODY_BYTES = 256 * 1024

/** A whole upstream answer, before it is sent. */
export interface WholeAnswer {
  statusCode: number
  /** Lower-case names; a repeated header is an array. */
  headers: Record<string, string | string[]>
  body: Buffer
}

/** What decides a retry (upstreams.ts): the error, or the answer's status, and how many tries came before. */
export interface RetryContext {
  err?: Error | null
  req: { method?: string }
  res?: { statusCode?: number } | null
  attempt: number
}

export type FailureStatus = 502 | 503 | 504

export interface ForwardOptions {
  dispatcher: Dispatcher
  /** The origin of a single-replica Pool; undefined for a BalancedPool, which picks it. */
  origin?: string
  timeoutMs: number
  /** Milliseconds before trying again, or null to give up. */
  retryDelay(ctx: RetryContext): number | null
  /** Sees each whole answer before it is sent (the API cache keeps a copy); true adds `X-Cache: MISS`. */
  onWhole?(req: FastifyRequest, answer: WholeAnswer): boolean
  /** The answer when no upstream answer can be passed on. */
  failed(reply: FastifyReply, status: FailureStatus): void
}

/** Headers of one connection (RFC 9110 §7.6.1), never passed on in either direction. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']
const NOT_RETURNED = new Set(HOP_BY_HOP)
/** Set by the gateway from what it sends (Host: the upstream's), or handled by it (Expect: the body was read first). */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'host', 'expect', 'content-length'])

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])

/** 503: the service could not be reached (down, or not there); 504: it did not answer in time; 502: anything else. */
export function failureStatus(err: Error): FailureStatus {
  const { code, cause } = err as Error & { code?: string; cause?: { code?: string } }
  const reason = cause?.code ?? code ?? ''
  if (UNREACHABLE.has(reason)) return 503
  return reason === 'UND_ERR_HEADERS_TIMEOUT' ? 504 : 502
}

/** Names listed in a Connection header: hop-by-hop too (RFC 9110 §7.6.1). */
function connectionListed(value: string | string[] | undefined): string[] {
  if (value === undefined) return []
  return String(value)
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
}

/** The upstream's headers, lower-cased, without hop-by-hop ones; repeated ones as arrays. */
function returnedHeaders(raw: Buffer[]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = Object.create(null)
  let listed: string[] | undefined
  for (let i = 0; i < raw.length; i += 2) {
    const name = util.headerNameToString(raw[i]!)
    const value = raw[i + 1]!.toString('latin1')
    if (name === 'connection') listed = connectionListed(value)
    if (NOT_RETURNED.has(name)) continue
    const seen = headers[name]
    headers[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value]
  }
  if (listed) for (const name of listed) delete headers[name]
  return headers
}

/**
 * The request's headers for the upstream: the client's, less hop-by-hop ones, those its Connection
 * header lists, Host, Expect and Content-Length (set here from what is sent) and those `dropped`
 * says to drop; then `added`.
 */
export function requestHeaders(
  incoming: Record<string, string | string[] | undefined>,
  dropped: (name: string) => boolean,
  added: Record<string, string>,
): string[] {
  const listed = incoming.connection === undefined ? undefined : connectionListed(incoming.connection)
  const out: string[] = []
  for (const name in incoming) {
    const value = incoming[name]
    if (value === undefined || NOT_FORWARDED.has(name) || dropped(name) || name in added || listed?.includes(name)) continue
    if (Array.isArray(value)) for (const v of value) out.push(name, v)
    else out.push(name, value)
  }
  for (const name in added) out.push(name, added[name]!)
  return out
}

/**
 * Passes an answer on as it arrives, pausing the upstream while the client is slower; destroyed
 * before the end (the client went away), it breaks off the upstream exchange too.
 */
class UpstreamBody extends Readable {
  resumeUpstream?: () => void
  abortUpstream?: () => void
  complete = false
  override _read() {
    const resume = this.resumeUpstream
    this.resumeUpstream = undefined
    resume?.()
  }
  override _destroy(err: Error | null, callback: (err?: Error | null) => void) {
    if (!this.complete) this.abortUpstream?.()
    callback(err)
  }
}

/**
 * Sends the request to `path` (with its query) of the service and the answer to the client.
 * `headers` is the flat [name, value, ...] list for the upstream; `body` what Fastify read, if any.
 */
export function forward(req: FastifyRequest, reply: FastifyReply, path: string, headers: string[], body: Buffer | undefined, options: ForwardOptions) {
  const method = req.method as Dispatcher.HttpMethod
  const outgoing = body === undefined ? headers : [...headers, 'content-length', String(body.length)]
  const dispatchOptions: Dispatcher.DispatchOptions = {
    origin: options.origin,
    path,
    method,
    headers: outgoing,
    body: body && body.length > 0 ? body : null,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  }
  const retry = { req: { method } }
  let attempt = 0

  const giveUp = (err: Error) => {
    req.log.warn({ err }, 'upstream failed')
    if (!reply.sent) options.failed(reply, failureStatus(err))
  }
  // The client's connection, not its request stream: Node destroys a request once its body is read,
  // so every request with a body would look gone. (inject's stand-in socket has no `destroyed`.)
  const clientGone = () => reply.raw.destroyed || req.raw.socket?.destroyed === true

  const send = () => {
    let abort: ((err?: Error) => void) | undefined
    // Set once headers arrived: whole (collecting) or streamed; `retrying` discards an answer to be retried.
    let whole: { statusCode: number; headers: Record<string, string | string[]>; chunks: Buffer[] } | undefined
    let stream: UpstreamBody | undefined
    let resumeUpstream: (() => void) | undefined
    let retrying = false
    let delay: number | null = null

    const handler: Dispatcher.DispatchHandler = {
      onConnect(abortRequest) {
        abort = abortRequest
      },
      onHeaders(statusCode, rawHeaders, resume) {
        if (clientGone()) {
          abort?.()
          return false
        }
        delay = options.retryDelay({ req: retry.req, res: { statusCode }, attempt })
        if (delay !== null) {
          retrying = true
          return true
        }
        const headers = returnedHeaders(rawHeaders as unknown as Buffer[])
        const length = Number(headers['content-length'])
        if (typeof headers['content-length'] === 'string' && length <= WHOLE_BODY_BYTES) {
          whole = { statusCode, headers, chunks: [] }
          return true
        }
        resumeUpstream = resume
        stream = new UpstreamBody()
        stream.abortUpstream = abort
        reply.code(statusCode).headers(headers).send(stream)
        return true
      },
      onData(chunk) {
        if (retrying) return true
        if (whole) {
          whole.chunks.push(chunk)
          return true
        }
        if (!stream) return true
        if (stream.push(chunk)) return true
        stream.resumeUpstream = resumeUpstream
        return false
      },
      onComplete() {
        if (retrying) {
          attempt++
          setTimeout(send, delay ?? 0)
          return
        }
        if (stream) {
          stream.complete = true
          stream.push(null)
          return
        }
        if (!whole || reply.sent) return
        const answer: WholeAnswer = {
          statusCode: whole.statusCode,
          headers: whole.headers,
          body: whole.chunks.length === 1 ? whole.chunks[0]! : Buffer.concat(whole.chunks),
        }
        if (options.onWhole?.(req, answer)) answer.headers['x-cache'] = 'MISS'
        reply.code(answer.statusCode).headers(answer.headers)
        // Empty: Fastify keeps the upstream's Content-Length for HEAD and sets 0 otherwise (none for 204 and 304).
        reply.send(answer.body.length > 0 ? answer.body : undefined)
      },
      onError(err) {
        if (stream) {
          stream.destroy(err)
          return
        }
        // The client went away (onHeaders broke the exchange off): nobody to answer.
        if (clientGone()) return
        // Before any answer (a body that broke off after its headers is not tried again), or while
        // discarding an answer that was to be tried again anyway.
        const wait = retrying ? delay : whole ? null : options.retryDelay({ err, req: retry.req, res: null, attempt })
        if (wait !== null) {
          attempt++
          setTimeout(send, wait)
          return
        }
        giveUp(err)
      },
    }
    options.dispatcher.dispatch(dispatchOptions, handler)
  }
  send()
}
