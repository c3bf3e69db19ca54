import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import pino from 'pino'

/** Field names whose values never reach the logs, at any depth we log. */
const SECRET_FIELDS = [
  'password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'access_token',
  'refresh_token', 'id_token', 'code', 'secret', 'email', 'phone', 'cookie', 'authorization',
]
const SENSITIVE_QUERY = /^(token|code|state|password|email|phone|secret|key|access_token|id_token)$/i

const redactPaths = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-internal-token"]',
  'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
]

/** Replaces the values of sensitive query parameters so URLs can be logged. */
export function sanitizeUrl(url: string): string {
  const q = url.indexOf('?')
  if (q === -1) return url
  const params = new URLSearchParams(url.slice(q + 1))
  for (const key of [...params.keys()]) if (SENSITIVE_QUERY.test(key)) params.set(key, 'redacted')
  return `${url.slice(0, q)}?${params.toString()}`
}

/** Lines waiting for stdout beyond this are dropped rather than held (stdout stalled). */
const MAX_BUFFERED_LOG_BYTES = 16 * 1024 * 1024
/** Lines are written once this much has gathered (pino's destination), or at the latest after LOG_FLUSH_MS. */
const LOG_WRITE_BYTES = 4096
const LOG_FLUSH_MS = 250

/**
 * stdout through pino's own asynchronous destination (SonicBoom): many lines per write under load,
 * none held longer than LOG_FLUSH_MS (pino's documented periodic flush), and what is left written
 * synchronously at exit by pino. `dest`: a file descriptor other than stdout's (tests).
 */
export function bufferedStdout(dest = 1): pino.DestinationStream {
  const stream = pino.destination({ dest, sync: false, minLength: LOG_WRITE_BYTES, maxLength: MAX_BUFFERED_LOG_BYTES })
  const flusher = setInterval(() => {
    // flush() throws while the destination is still opening or after it closed; the next tick or exit writes what is left.
    try {
      stream.flush()
    } catch {
      /* nothing to do */
    }
  }, LOG_FLUSH_MS)
  flusher.unref()
  stream.once('close', () => clearInterval(flusher))
  return stream
}

/**
 * pino options shared by every process: JSON lines, secrets and personal data redacted.
 * stream: where lines go instead of stdout, e.g. bufferedStdout().
 */
export function loggerOptions(level: string, name: string, { stream }: { stream?: pino.DestinationStream } = {}): FastifyServerOptions['logger'] {
  return {
    level,
    name,
    ...(stream ? { stream } : {}),
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, url: sanitizeUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }
}

/**
 * Writes the answered-request lines with a pino logger of their own on the same stream: the fields
 * are fixed and hold nothing secret, so it skips the redaction pass and the serializers that
 * free-form objects need (most of a line's cost under load).
 */
export class AccessLog {
  readonly #logger: pino.Logger

  constructor(name: string, stream: pino.DestinationStream) {
    this.#logger = pino({ name, level: 'info' }, stream)
  }

  write(id: string, method: string, url: string, statusCode: number, responseTime: number) {
    this.#logger.info({ reqId: id, req: { id, method, url }, res: { statusCode }, responseTime }, 'request completed')
  }
}

/**
 * One line per request, when it is answered, naming the request as well. The line holds only fields
 * with nothing secret in them (id, method, the URL with sanitizeUrl, status, time), so it needs
 * neither the redaction pass that free-form objects get (most of a line's cost) nor the request
 * serializers: AccessLog's own pino logger writes it, to the same stream. Errors keep the
 * redacting request logger.
 */
export class AnsweredRequestLog extends LogController {
  constructor(private readonly access?: AccessLog) {
    super()
  }

  /** The access lines of a process whose level is `level` (none above info), named `name`, written to `stream`. */
  static accessLogger(level: string, name: string, stream: pino.DestinationStream): AccessLog | undefined {
    const values = pino.levels.values
    return (values[level] ?? Infinity) <= values.info! ? new AccessLog(name, stream) : undefined
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
      return
    }
    this.access?.write(request.id, request.method, sanitizeUrl(request.url), reply.statusCode, reply.elapsedTime)
  }
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'

/**
 * A request's logger, made when the request first logs something. Fastify makes a child of the
 * process's logger for every request (binding the request id); with pino, and the redaction
 * applying to bindings too, that costs about as much as writing a line, and most requests write
 * none of their own (the answered-request line has its own logger). Fastify's childLoggerFactory
 * makes these (createFastify).
 */
export class RequestLogger implements FastifyBaseLogger {
  #child?: FastifyBaseLogger
  #level: string

  constructor(
    private readonly parent: pino.Logger,
    private readonly bindings: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {
    this.#level = options.level ?? parent.level
  }

  get level(): string {
    return this.#level
  }

  set level(level: string) {
    this.#level = level
    if (this.#child) this.#child.level = level
  }

  /** The real child logger, made on first use. */
  logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, { ...this.options, level: this.#level }))
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options)
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args)
  }
  error(...args: unknown[]) {
    this.write('error', args)
  }
  warn(...args: unknown[]) {
    this.write('warn', args)
  }
  info(...args: unknown[]) {
    this.write('info', args)
  }
  debug(...args: unknown[]) {
    this.write('debug', args)
  }
  trace(...args: unknown[]) {
    this.write('trace', args)
  }
  silent() {}

  private write(level: Level, args: unknown[]) {
    const values = this.parent.levels.values
    // Below the level: nothing to write, so no logger to make.
    if (values[level]! < (values[this.#level] ?? Infinity)) return
    ;(this.logger()[level] as (...a: unknown[]) => void)(...args)
  }
}
