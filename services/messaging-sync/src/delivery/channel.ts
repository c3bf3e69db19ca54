import { createRedis, onceAcrossReplicas, withTimeout, type App } from '@hearing/service-kit'
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import type { Database, Delivery, Topic } from '../database.js'
import { findDelivery, markAttemptFailed, markDelivered, markQueued, startAttempt, dueForSweep } from './store.js'

/**
 * One delivery channel (e-mail over SMTP; calls of the messaging provider): a BullMQ queue whose
 * job id is the delivery's id, its worker in this process, and a sweeper that hands the queue
 * whatever Postgres holds but Redis does not (Redis was down when the work arrived, or lost its
 * data) and re-queues, at a slow pace, what ran out of quick retries. The row is the truth; jobs
 * only carry its id. Every channel is this same mechanism with its own handler and limiter.
 */
export interface ChannelOptions {
  queueName: string
  /** BullMQ key prefix in Redis. */
  prefix: string
  /** Quick attempts per job, the first included. */
  attempts: number
  /** First retry delay; each further one doubles, with jitter. */
  backoffMs: number
  /** Fraction of each retry delay that is random (0..1): replicas and jobs do not retry in step. */
  jitter: number
  /** After the quick attempts, the sweeper tries again this often... */
  slowRetryMs: number
  /** ...until the work is this old; then it is failed for good. */
  patienceMs: number
  /** How often the sweeper runs (also whenever Redis (re)connects). */
  sweepIntervalMs: number
  /** A queued delivery unsettled for this long gets its job checked (and re-created if lost). */
  staleAfterMs: number
  /** Rows looked at per sweep. */
  sweepBatch: number
  /** Jobs run at once by this process... */
  concurrency: number
  /** ...and at most `limit.max` per `limit.durationMs` by all processes together (BullMQ's limiter). */
  limit: { max: number; durationMs: number }
  /** Handing a job to Redis gives up after this: the request is answered, the sweeper retries. */
  enqueueTimeoutMs: number
  /** Shutdown waits this long for jobs being run. */
  closeTimeoutMs: number
  /**
   * A running job's lock lasts this long (renewed while it runs): a process killed mid-job leaves
   * it to be taken up again by a live worker once the lock lapses. Default 30 s (BullMQ's).
   */
  lockDurationMs?: number
  /**
   * Run this queue's worker in this process (default true). An API-only process (MESSAGING_QUEUE_WORKERS=false)
   * only adds jobs and sweeps; worker processes (worker.js) take them.
   */
  consume?: boolean
}

/** What a handler reports: delivered elsewhere, or kept here. */
export interface HandlerResult {
  status: 'delivered' | 'local'
  providerRef?: string | null
}

/** Thrown by a handler when trying again cannot help (the provider refused the content). */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PermanentDeliveryError'
  }
}

/** Thrown by a handler when the provider says when to come back (429 Retry-After). */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message)
    this.name = 'RetryLaterError'
  }
}

export interface Channel {
  /** Hands a committed delivery to the queue. Never throws, never waits long: false = left to the sweeper. */
  enqueue(id: string): Promise<boolean>
  /** One sweep now (also runs on its own). */
  sweep(): Promise<void>
  readonly queue: Queue<JobData>
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

export const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'unknown error'

export interface ChannelSetup {
  db: Kysely<Database>
  redisUrl: string
  topics: readonly Topic[]
  options: ChannelOptions
  handle(delivery: Delivery): Promise<HandlerResult>
  /** Extra, non-personal fields for the failure log line (e.g. SMTP codes). */
  describeError?(err: unknown): Record<string, unknown>
  /** Closes what the handler holds open (an SMTP transport), after the worker stopped. */
  close?(): void
}

export function startChannel(app: App, { db, redisUrl, topics, options, handle, describeError = () => ({}), close = () => {} }: ChannelSetup): Channel {
  const log = app.log.child({ component: options.queueName })
  // Producer side: the kit's request-path connection, which fails fast while Redis is down.
  const client = app.redis
  if (!client) throw new Error('delivery needs Redis (REDIS_URL)')

  const queue = new Queue<JobData>(options.queueName, {
    connection: client,
    prefix: options.prefix,
    defaultJobOptions: {
      attempts: options.attempts,
      backoff: { type: 'exponential', delay: options.backoffMs, jitter: options.jitter },
      removeOnComplete: true,
      // Failed jobs stay a while for inspection; the row keeps the reason for good.
      removeOnFail: { age: 14 * 24 * 3600 },
    },
  })
  queue.on('error', throttledWarn(log, 'queue: redis problem'))

  let closing = false

  async function enqueue(id: string): Promise<boolean> {
    // BullMQ waits (without limit) for a connection that is not ready: do not even ask it then.
    if (closing || client!.status !== 'ready') return false
    try {
      await withTimeout(queue.add('deliver', { id }, { jobId: id }), options.enqueueTimeoutMs)
      await markQueued(db, id)
      return true
    } catch (err) {
      log.warn({ deliveryId: id, reason: reasonOf(err) }, 'could not queue the delivery now; the sweeper will')
      return false
    }
  }

  /** The quick retries ran out: wait for a slow retry, unless the work is too old by then. */
  const afterQuickRetries = (row: Pick<Delivery, 'created_at'>) =>
    Date.now() + options.slowRetryMs < row.created_at.getTime() + options.patienceMs
      ? ({ kind: 'slow', retryAt: new Date(Date.now() + options.slowRetryMs) } as const)
      : ({ kind: 'final' } as const)

  async function deliver(job: Job<JobData>): Promise<string> {
    const id = job.data.id
    const row = await startAttempt(db, id)
    // Already settled or unknown here: a repeated job does nothing (at-least-once queue).
    if (!row) return 'nothing to do'
    try {
      const result = await handle(row)
      await markDelivered(db, id, result.status, result.providerRef)
      // No recipient, subject or body in logs: they are personal data.
      log.info({ deliveryId: id, topic: row.topic, attempt: row.attempts, status: result.status }, 'delivered')
      return result.status
    } catch (err) {
      if (err instanceof RetryLaterError) {
        // The provider's limit is everyone's: pause the whole queue for as long as it asked, and
        // run this job again then, without counting it as a failed attempt.
        await markAttemptFailed(db, id, reasonOf(err), { kind: 'retry' })
        log.warn({ deliveryId: id, topic: row.topic, retryAfterMs: err.retryAfterMs }, 'provider asked to slow down')
        await queue.rateLimit(err.retryAfterMs)
        throw Worker.RateLimitError()
      }
      const permanent = err instanceof PermanentDeliveryError
      const lastQuick = job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
      const next = permanent ? ({ kind: 'final' } as const) : lastQuick ? afterQuickRetries(row) : ({ kind: 'retry' } as const)
      await markAttemptFailed(db, id, reasonOf(err), next)
      log.warn({ deliveryId: id, topic: row.topic, attempt: row.attempts, next: next.kind, ...describeError(err) }, 'delivery attempt failed')
      if (permanent || next.kind === 'final') throw new UnrecoverableError(reasonOf(err))
      throw err
    }
  }

  // Consumer side: a connection of its own that waits through outages (maxRetriesPerRequest null).
  const consumer = options.consume === false ? null : startWorker()
  function startWorker() {
    const connection: Redis = createRedis(redisUrl, 'worker', () => {})
    const worker = new Worker<JobData>(options.queueName, deliver, {
      connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      limiter: { max: options.limit.max, duration: options.limit.durationMs },
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.lockDurationMs ?? 30_000,
      // A job whose process died (deploys, crashes) runs again; after five such deaths it is failed
      // and the sweeper's slow retry takes over.
      maxStalledCount: 5,
    })
    worker.on('error', throttledWarn(log, 'worker: redis problem'))
    return { worker, connection }
  }

  const timeout = <T>(p: Promise<T>) => withTimeout(p, options.enqueueTimeoutMs)

  async function sweepOnce(): Promise<void> {
    if (closing || client!.status !== 'ready') return
    const rows = await dueForSweep(db, topics, options.staleAfterMs, options.sweepBatch)
    for (const row of rows) {
      if (closing || client!.status !== 'ready') return
      if (row.status === 'pending') {
        // Redis is not taking jobs after all: the next sweep tries again.
        if (!(await enqueue(row.id))) return
        continue
      }
      const job = await timeout(queue.getJob(row.id))
      const state = job ? await timeout(job.getState()) : 'unknown'
      if (row.status === 'waiting') {
        // A slow retry is due: a fresh job with the same id (the old, failed one goes).
        if (job && state !== 'failed' && state !== 'completed' && state !== 'unknown') continue
        if (job) await timeout(job.remove())
        if (!(await enqueue(row.id))) return
      } else if (state === 'failed') {
        // The worker gave up but could not record it (Postgres was away): record it now.
        const found = await findDelivery(db, row.id)
        if (found) await markAttemptFailed(db, row.id, job?.failedReason || found.last_error || 'delivery failed', afterQuickRetries(found))
      } else if (state === 'unknown' || state === 'completed') {
        // The job is gone (Redis lost it) or finished without the row saying so: deliver again.
        if (job && state === 'completed') await timeout(job.remove())
        await enqueue(row.id)
      } else {
        // Waiting, delayed (retrying) or running: look again later.
        await markQueued(db, row.id)
      }
    }
  }

  let sweeping: Promise<void> | undefined
  function sweep(): Promise<void> {
    // One replica sweeps a queue at a time; the others skip this tick.
    sweeping ??= onceAcrossReplicas(db, `messaging.sweep.${options.prefix}.${options.queueName}`, sweepOnce)
      .then(() => undefined)
      .catch((err) => log.warn({ reason: reasonOf(err) }, 'sweep failed; will try again'))
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
    if (consumer) await stopWorker(consumer)
    await withTimeout(queue.close(), options.closeTimeoutMs).catch(() => {})
    close()
  })

  async function stopWorker({ worker, connection }: NonNullable<typeof consumer>) {
    // Let jobs being run finish when Redis is there to record it; otherwise there is nothing to wait for.
    const graceful = connection.status === 'ready'
    await withTimeout(worker.close(!graceful), options.closeTimeoutMs).catch(async (err) => {
      log.warn({ reason: reasonOf(err) }, 'worker did not stop in time; unfinished jobs run again elsewhere')
      // BullMQ's own blocking connection would otherwise go on reconnecting and keep the process alive.
      await withTimeout(worker.disconnect(), 1000).catch(() => {})
    })
    if (connection.status === 'ready') await withTimeout(connection.quit(), 1000).catch(() => connection.disconnect())
    else connection.disconnect()
  }

  return { enqueue, sweep, queue }
}
