import type { App } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import type { Database } from '../database.js'
import { PermanentDeliveryError, startChannel, type Channel, type ChannelOptions } from '../delivery/channel.js'
import { emailPayload } from '@hearing/contracts'
import { errorCodes, isPermanentSmtpError, type Mailer } from './mailer.js'

/**
 * Production defaults of the e-mail channel. 12 quick attempts from 5 s, doubling (about 2.8 hours),
 * then one attempt an hour for 5 days: an SMTP outage of days delays e-mail without losing it.
 */
export const EMAIL_CHANNEL_DEFAULTS: ChannelOptions = {
  queueName: 'email',
  prefix: 'bull',
  attempts: 12,
  backoffMs: 5_000,
  jitter: 0.3,
  slowRetryMs: 3600_000,
  patienceMs: 5 * 24 * 3600_000,
  sweepIntervalMs: 30_000,
  staleAfterMs: 5 * 60_000,
  sweepBatch: 200,
  concurrency: 4,
  limit: { max: 10, durationMs: 1000 },
  enqueueTimeoutMs: 2_000,
  // Two channels close one after the other (worker, then queue): 2 × 2 × 5 s fits the kit's 25 s budget.
  closeTimeoutMs: 5_000,
}

/** Which fields are wrong and how, never their values (they are personal data). */
function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues.map((i) => `${i.path.map(String).join('.') || 'payload'}: ${i.message}`).join('; ')
}

/** E-mail: sent over SMTP, or kept in the local mailbox when SMTP_URL is not set. */
export function startEmailChannel(app: App, { db, mailer, redisUrl, options }: { db: Kysely<Database>; mailer: Mailer; redisUrl: string; options: ChannelOptions }): Channel {
  return startChannel(app, {
    db,
    redisUrl,
    topics: ['email'],
    options,
    async handle(delivery) {
      if (mailer.kind === 'local') return { status: 'local' }
      // An e-mail that cannot be built (a subject of two lines, an address that is none) will not
      // become one by trying again: failed at once, where staff see it, never retried.
      const parsed = emailPayload.safeParse(delivery.payload)
      if (!parsed.success) throw new PermanentDeliveryError(`invalid e-mail: ${describeIssues(parsed.error.issues)}`)
      const email = parsed.data
      try {
        await mailer.send(delivery.id, email)
      } catch (err) {
        throw isPermanentSmtpError(err) ? Object.assign(new PermanentDeliveryError(err instanceof Error ? err.message : String(err)), errorCodes(err)) : err
      }
      return { status: 'delivered' }
    },
    // Codes only, never the server's text (it can quote the address).
    describeError: errorCodes,
    close: () => mailer.close(),
  })
}
