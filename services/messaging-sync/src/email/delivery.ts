import { createRedis, withTimeout, type App } from '@hearing/service-kit'
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import type { Database } from '../database.js'
import { errorCodes, isPermanentSmtpError, type Mailer } from './mailer.js'
import { findEmail, markAttemptFailed, markDelivered, markQueued, startAttempt, undelivered } from './outbox.js'

/**
 * Delivery of the outbox: a BullMQ queue (job id = e-mail id) and its worker in this process, and a
 * sweeper that hands the queue whatever Postgres holds but Redis does not (Redis was down when the
 * e-mail was accepted, or lost its data). The row in Postgres is the truth; jobs only carry its id.
 */
export interface EmailQueueOptions {
  queueName: string
  /** BullMQ key prefix in Redis. */
  prefix: string
  /** Delivery attempts per job, the first included. */
  attempts: number
  /** First retry delay; each further one doubles. */
  backoffMs: number
  /** How often the sweeper looks for e-mails Redis does not hold (also whenever Redis (re)connects). */
  sweepIntervalMs: number
  /** A queued e-mail undelivered for this long gets its job checked (and re-created if lost). */
  staleAfterMs: number
  /** E-mails looked at per sweep. */
  sweepBatch: number
  /** E-mails sent at once by this process, and per second by all processes together. */
  concurrency: number
  ratePerSecond: number
  /** Handing a job to Redis gives up after this: the request is answered, the sweeper retries. */
  enqueueTimeoutMs: number
  /** Shutdown waits this long for e-mails being sent. */
  closeTimeoutMs: number
}

/**
 * Production defaults. 12 attempts from 5 s, doubling: retries span about 2.8 hours (the last
 * waits 85 minutes), so an SMTP outage of that length delays e-mail without losing it.
 */
export const EMAIL_QUEUE_DEFAULTS: EmailQueueOptions = {
  queueName: 'email',
  prefix: 'bull',
  attempts: 12,
  backoffMs: 5_000,
  sweepIntervalMs: 30_000,
  staleAfterMs: 5 * 60_000,
  sweepBatch: 200,
  concurrency: 4,
  ratePerSecond: 10,
  enqueueTimeoutMs: 2_000,
  closeTimeoutMs: 7_000,
}

export interface EmailDelivery {
  /** Hands a committed e-mail to the queue. Never throws and never waits long: false = left to the sweeper. */
  enqueue(id: string): Promise<boolean>
  /** One sweep now (also runs on its own). */
  sweep(): Promise<void>
}

interface JobData {
  id: string
}

type Log = App['log']

/** Logs a recurring connection problem once a minute at most, not on every reconnect attempt. */
function throttledWarn(log: Log, msg: string, everyMs = 60_000) {
  let last = 0
  let lastReason = ''
  return (err: Error) => {
    const now = Date.now()
    if (err.message === lastReason && now - last < everyMs) return
    last = now
    lastReason = err.message
    log.warn({ reason: err.message }, msg)
  }
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'unknown error'

export function startEmailDelivery(
  app: App,
  { db, mailer, redisUrl, options }: { db: Kysely<Database>; mailer: Mailer; redisUrl: string; options: EmailQueueOptions },
): EmailDelivery {
  const log = app.log.child({ component: 'email' })
  // Producer side: the kit's request-path connection, which fails fast while Redis is down.
  const client = app.redis
  if (!client) throw new Error('e-mail delivery needs Redis (REDIS_URL)')

  const queue = new Queue<JobData>(options.queueName, {
    connection: client,
    prefix: options.prefix,
    defaultJobOptions: {
      attempts: options.attempts,
      backoff: { type: 'exponential', delay: options.backoffMs },
      removeOnComplete: true,
      // Failed jobs stay a while for inspection; the row keeps the reason for good.
      removeOnFail: { age: 14 * 24 * 3600 },
    },
  })
  queue.on('error', throttledWarn(log, 'e-mail queue: redis problem'))

  let closing = false

  async function enqueue(id: string): Promise<boolean> {
    // BullMQ waits (without limit) for a connection that is not ready: do not even ask it then.
    if (closing || client!.status !== 'ready') return false
    try {
      await withTimeout(queue.add('send', { id }, { jobId: id }), options.enqueueTimeoutMs)
      await markQueued(db, id)
      return true
    } catch (err) {
      log.warn({ emailId: id, reason: reasonOf(err) }, 'could not queue the e-mail now; the sweeper will')
      return false
    }
  }

  async function deliver(job: Job<JobData>): Promise<string> {
    const id = job.data.id
    const email = await startAttempt(db, id)
    // Already sent, kept, failed or unknown here: a repeated job does nothing (at-least-once queue).
    if (!email) return 'nothing to do'
    if (mailer.kind === 'local') {
      await markDelivered(db, id, 'local')
      // No recipient, subject or body in logs: they are personal data.
      log.info({ emailId: id }, 'e-mail kept in the local mailbox (SMTP_URL is not set)')
      return 'local'
    }
    try {
      await mailer.send(email)
    } catch (err) {
      const permanent = isPermanentSmtpError(err)
      const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
      await markAttemptFailed(db, id, reasonOf(err), final)
      log.warn({ emailId: id, attempt: email.attempts, final, ...errorCodes(err) }, final ? 'e-mail could not be delivered; giving up' : 'e-mail delivery failed; will retry')
      throw permanent ? new UnrecoverableError(reasonOf(err)) : err
    }
    await markDelivered(db, id, 'sent')
    log.info({ emailId: id, attempt: email.attempts }, 'e-mail sent')
    return 'sent'
  }

  // Consumer side: a connection of its own that waits through outages (maxRetriesPerRequest null).
  const workerRedis: Redis = createRedis(redisUrl, 'worker', () => {})
  const worker = new Worker<JobData>(options.queueName, deliver, {
    connection: workerRedis,
    prefix: options.prefix,
    concurrency: options.concurrency,
    limiter: { max: options.ratePerSecond, duration: 1000 },
  })
  worker.on('error', throttledWarn(log, 'e-mail worker: redis problem'))

  /** Pending rows get queued; stale queued rows get their job checked. */
  async function sweepOnce(): Promise<void> {
    if (closing || client!.status !== 'ready') return
    const rows = await undelivered(db, options.staleAfterMs, options.sweepBatch)
    for (const row of rows) {
      if (closing || client!.status !== 'ready') return
      if (row.status === 'pending') {
        // Redis is not taking jobs after all: the next sweep tries again.
        if (!(await enqueue(row.id))) return
        continue
      }
      const job = await withTimeout(queue.getJob(row.id), options.enqueueTimeoutMs)
      const state = job ? await withTimeout(job.getState(), options.enqueueTimeoutMs) : 'unknown'
      if (state === 'failed') {
        // The worker gave up but could not record it (Postgres was away): record it now.
        const email = await findEmail(db, row.id)
        await markAttemptFailed(db, row.id, job?.failedReason || email?.last_error || 'delivery failed', true)
      } else if (state === 'unknown' || state === 'completed') {
        // The job is gone (Redis lost it) or finished without the row saying so: deliver again.
        if (job && state === 'completed') await job.remove()
        await enqueue(row.id)
      } else {
        // Waiting, delayed (retrying) or being sent: look again later.
        await markQueued(db, row.id)
      }
    }
  }

  let sweeping: Promise<void> | undefined
  function sweep(): Promise<void> {
    sweeping ??= sweepOnce()
      .catch((err) => log.warn({ reason: reasonOf(err) }, 'e-mail sweep failed; will try again'))
      .finally(() => {
        sweeping = undefined
      })
    return sweeping
  }
  const onReady = () => void sweep()
  client.on('ready', onReady)
  if (client.status === 'ready') onReady()
  const timer = setInterval(() => void sweep(), options.sweepIntervalMs)
  timer.unref()

  // Runs before the kit closes the shared Redis connection and the database (onClose hooks run last-added first).
  app.addHook('onClose', async () => {
    closing = true
    clearInterval(timer)
    client.off('ready', onReady)
    await sweeping
    // Let e-mails being sent finish when Redis is there to record it; otherwise there is nothing to wait for.
    const graceful = workerRedis.status === 'ready'
    await withTimeout(worker.close(!graceful), options.closeTimeoutMs).catch((err) =>
      log.warn({ reason: reasonOf(err) }, 'e-mail worker did not stop in time; unfinished jobs run again elsewhere'),
    )
    await withTimeout(queue.close(), options.closeTimeoutMs).catch(() => {})
    mailer.close()
    if (workerRedis.status === 'ready') await withTimeout(workerRedis.quit(), 1000).catch(() => workerRedis.disconnect())
    else workerRedis.disconnect()
  })

  return { enqueue, sweep }
}
