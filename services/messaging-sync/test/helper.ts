import { randomBytes } from 'node:crypto'
import { serviceTestKit, testSigner } from '@hearing/infra/testing'
import { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import { SMTPServer } from 'smtp-server'
import { buildApp, schemaPlan } from '../src/app.js'
import { configSchema, type Config } from '../src/config.js'
import type { Database } from '../src/database.js'
import type { EmailQueueOptions } from '../src/email/delivery.js'

const base = serviceTestKit({ configSchema, buildApp, schemaPlan, redis: true })
export const { testConfig, migrate } = base

interface Teardown {
  teardown(fn: () => unknown): void
}

/** Queue timings short enough for tests; production defaults are in EMAIL_QUEUE_DEFAULTS. */
export const FAST_QUEUE: Partial<EmailQueueOptions> = {
  attempts: 4,
  backoffMs: 100,
  sweepIntervalMs: 300,
  staleAfterMs: 1000,
  enqueueTimeoutMs: 500,
  closeTimeoutMs: 3000,
}

/** Deletes every key of one test's queues (a unique BullMQ prefix per app). */
async function removeQueueData(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  redis.on('error', () => {})
  try {
    await redis.connect()
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500)
      cursor = next
      if (keys.length > 0) await redis.del(...keys)
    } while (cursor !== '0')
    await redis.quit()
  } catch {
    redis.disconnect() // that test's Redis is gone, and its data with it
  }
}

/**
 * A migrated, seeded app on a database of its own with queues under a key prefix of its own
 * (closed, and its queue data removed, after the test), with typed table access.
 */
export async function build(t: Teardown, config?: Config, email: Partial<EmailQueueOptions> = {}) {
  const cfg = config ?? (await testConfig(t))
  await migrate(cfg)
  const signer = await testSigner()
  const prefix = `test-${randomBytes(6).toString('hex')}`
  const app = await buildApp(cfg, { logLevel: false, jwks: signer.keySet, email: { ...FAST_QUEUE, prefix, ...email } })
  t.teardown(async () => {
    await app.close()
    await removeQueueData(cfg.REDIS_URL, prefix)
  })
  return { app, config: cfg, signer, prefix, db: app.db as Kysely<Database> }
}

/** For testServiceBasics. */
export const kit = { build: (t: Teardown) => build(t), migrate }

/** Polls until `check` returns something truthy; fails with `what` after the timeout. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------------------------------------
// A real SMTP server (smtp-server) that keeps what it receives
// ---------------------------------------------------------------------------------------------

export interface Received {
  envelopeFrom: string
  envelopeTo: string[]
  raw: string
}

export interface SinkOptions {
  /** Listen on this port (default: any free one). */
  port?: number
  /**
   * Answer to the n-th message (1-based) after its data arrived: an SMTP error code and text to
   * reject it, or nothing to accept it.
   */
  reject?: (n: number) => { code: number; message: string } | undefined
}

export async function startSmtpSink(t: Teardown, { port = 0, reject }: SinkOptions = {}) {
  const received: Received[] = []
  let offered = 0
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        offered += 1
        const refusal = reject?.(offered)
        if (refusal) {
          const err = Object.assign(new Error(refusal.message), { responseCode: refusal.code })
          return callback(err)
        }
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  let closed = false
  const close = () =>
    closed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          closed = true
          server.close(() => resolve())
        })
  t.teardown(close)
  return { url: `smtp://127.0.0.1:${actualPort}`, port: actualPort, received, offered: () => offered, close }
}

// ---------------------------------------------------------------------------------------------
// Just enough MIME to read back what nodemailer wrote
// ---------------------------------------------------------------------------------------------

function headerMap(head: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':')
    if (i > 0) map.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim())
  }
  return map
}

/** Bytes of quoted-printable-style text (=XX escapes; the rest is ASCII). */
function qpBytes(s: string): Buffer {
  const out: number[] = []
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3)
    if (s[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16))
      i += 2
    } else out.push(s.charCodeAt(i))
  }
  return Buffer.from(out)
}

/** RFC 2047 encoded words, as in a non-ASCII Subject. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qpBytes(text.replace(/_/g, ' ')).toString('utf8'),
    )
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    case 'quoted-printable':
      return qpBytes(body.replace(/=\r\n/g, '')).toString('utf8')
    default:
      return body
  }
}

export interface ParsedMail {
  headers: Map<string, string>
  subject: string
  text?: string
  html?: string
}

/** Headers, the decoded subject and the text/html bodies (line breaks as \n) of a raw message. */
export function parseMail(raw: string): ParsedMail {
  const mail: ParsedMail = { headers: new Map(), subject: '' }
  const walk = (part: string, top: boolean) => {
    const split = part.indexOf('\r\n\r\n')
    const headers = headerMap(split === -1 ? part : part.slice(0, split))
    const body = split === -1 ? '' : part.slice(split + 4)
    if (top) {
      mail.headers = headers
      mail.subject = decodeHeader(headers.get('subject') ?? '')
    }
    const type = headers.get('content-type') ?? 'text/plain'
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
    if (/^multipart\//i.test(type) && boundary) {
      const pieces = body.split(`--${boundary}`)
      for (const piece of pieces.slice(1)) {
        if (piece.startsWith('--')) break
        walk(piece.replace(/^\r\n/, '').replace(/\r\n$/, ''), false)
      }
      return
    }
    const decoded = decodeBody(body, headers.get('content-transfer-encoding')).replace(/\r\n/g, '\n').replace(/\n$/, '')
    if (/^text\/html/i.test(type)) mail.html = decoded
    else if (/^text\/plain/i.test(type)) mail.text = decoded
  }
  walk(raw, true)
  return mail
}
