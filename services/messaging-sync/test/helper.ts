import { simpleParser } from 'mailparser'
import { randomBytes } from 'node:crypto'
import { redisConnected, serviceTestKit, testSigner } from '@hearing/infra/testing'
import { Redis } from 'ioredis'
import { SMTPServer } from 'smtp-server'
import { buildApp, schemaPlan, type MessagingBuildOptions } from '../src/app.js'
import { configSchema, type Config } from '../src/config.js'
import type { ChannelOptions } from '../src/delivery/channel.js'

const base = serviceTestKit({ configSchema, buildApp, schemaPlan, redis: true })
export const { testConfig, migrate } = base

/** PROVIDER_TOKEN_SECRET in tests: seals Podium's tokens. */
export const TEST_PROVIDER_TOKEN_SECRET = randomBytes(32).toString('base64url')

interface Teardown {
  teardown(fn: () => unknown): void
}

/**
 * Queue timings short enough for tests; production defaults are in EMAIL_CHANNEL_DEFAULTS and
 * PROVIDER_CHANNEL_DEFAULTS. No slow retries unless a test asks (patienceMs 0: failed after the quick ones).
 */
export const FAST_QUEUE: Partial<ChannelOptions> = {
  attempts: 4,
  jitter: 0,
  patienceMs: 0,
  slowRetryMs: 500,
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
export async function build(t: Teardown, config?: Config, email: Partial<ChannelOptions> = {}, provider: Partial<ChannelOptions> = {}, extra: Partial<MessagingBuildOptions> = {}) {
  const cfg = config ?? (await testConfig(t))
  await migrate(cfg)
  const signer = await testSigner()
  const prefix = `test-${randomBytes(6).toString('hex')}`
  const app = await buildApp(cfg, { ...extra, logLevel: false, jwks: signer.keySet, email: { ...FAST_QUEUE, prefix, ...email }, provider: { ...FAST_QUEUE, prefix, ...provider } })
  t.teardown(async () => {
    await app.close()
    await removeQueueData(cfg.REDIS_URL, prefix)
  })
  await redisConnected(app)
  return { app, config: cfg, signer, prefix, db: app.db }
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

export interface ParsedMail {
  /** "Name <address>", as the sender was given. */
  from: string
  messageId: string
  subject: string
  text?: string
  html?: string
}

/** The sender, Message-ID, decoded subject and text/html bodies of a raw message (mailparser). */
export async function parseMail(raw: string): Promise<ParsedMail> {
  const mail = await simpleParser(raw)
  const sender = mail.from?.value[0]
  return {
    from: sender ? (sender.name ? `${sender.name} <${sender.address}>` : (sender.address ?? '')) : '',
    messageId: mail.messageId ?? '',
    subject: mail.subject ?? '',
    text: mail.text?.replace(/\n$/, ''),
    html: typeof mail.html === 'string' ? mail.html.replace(/\n$/, '') : undefined,
  }
}
