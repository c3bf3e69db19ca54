import { INTERNAL_TOKEN_HEADER } from '@hearing/service-kit'
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../accounts/users.js'
import type { OutboxEmail } from '../database.js'

export interface DispatcherOptions {
  db: Db
  /** messaging-sync's base URL; without it e-mails wait in the outbox. */
  messagingUrl: string | undefined
  internalToken: string
  log: FastifyBaseLogger
  intervalMs?: number
  batchSize?: number
  requestTimeoutMs?: number
}

export interface Dispatcher {
  start(): void
  stop(): Promise<void>
  /** Sends soon instead of at the next tick (after a new e-mail was committed). */
  nudge(): void
  /** One pass over due e-mails; resolves to how many were handed over. */
  runOnce(): Promise<number>
}

/** Leased rows are not picked again for this long, should this replica die mid-send. */
const LEASE_SECONDS = 60
const MAX_BACKOFF_MS = 15 * 60_000
/** Answers that retrying cannot fix (a malformed request). Anything else is retried, forever. */
const PERMANENT = new Set([400, 413, 422])

export function backoffMs(attempts: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 2000 * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (0.8 + Math.random() * 0.4))
}

/**
 * Hands the outbox's e-mails to messaging-sync (POST /internal/emails, idempotency key = outbox
 * id, so a retry after a lost answer sends nothing twice). Failures wait with exponential backoff;
 * nothing is dropped while messaging-sync, its Redis or SMTP are down.
 */
export function createDispatcher({ db, messagingUrl, internalToken, log, intervalMs = 2000, batchSize = 20, requestTimeoutMs = 5000 }: DispatcherOptions): Dispatcher {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let again = false
  let stopped = true

  async function deliver(id: string, email: OutboxEmail): Promise<{ ok: true } | { ok: false; permanent: boolean; reason: string }> {
    try {
      const res = await fetch(`${messagingUrl}/internal/emails`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: internalToken },
        body: JSON.stringify({ idempotency_key: id, to: email.to, subject: email.subject, text: email.text, html: email.html }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      })
      if (res.ok) {
        await res.body?.cancel()
        return { ok: true }
      }
      const body = (await res.json().catch(() => ({}))) as { message?: unknown }
      const detail = typeof body.message === 'string' ? `: ${body.message.slice(0, 200)}` : ''
      return { ok: false, permanent: PERMANENT.has(res.status), reason: `HTTP ${res.status}${detail}` }
    } catch (err) {
      return { ok: false, permanent: false, reason: err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 200) : 'request failed' }
    }
  }

  async function pass(): Promise<number> {
    if (!messagingUrl) return 0
    const due = await sql<{ id: string; kind: string; payload: OutboxEmail; attempts: number }>`
      update outbox set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
      where id in (
        select id from outbox where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at limit ${batchSize} for update skip locked
      )
      returning id, kind, payload, attempts
    `.execute(db)
    let sent = 0
    for (const row of due.rows) {
      const result = await deliver(row.id, row.payload)
      if (result.ok) {
        sent++
        await db.updateTable('outbox').set({ status: 'sent', sent_at: new Date(), last_error: null }).where('id', '=', row.id).execute()
        log.info({ outboxId: row.id, kind: row.kind, attempts: row.attempts }, 'e-mail handed to messaging-sync')
      } else if (result.permanent) {
        await db.updateTable('outbox').set({ status: 'failed', last_error: result.reason }).where('id', '=', row.id).execute()
        log.error({ outboxId: row.id, kind: row.kind, attempts: row.attempts, reason: result.reason }, 'e-mail refused by messaging-sync')
      } else {
        const next = new Date(Date.now() + backoffMs(row.attempts))
        await db.updateTable('outbox').set({ next_attempt_at: next, last_error: result.reason }).where('id', '=', row.id).execute()
        log.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, reason: result.reason, retryAt: next.toISOString() }, 'e-mail delivery to messaging-sync failed; will retry')
      }
    }
    return sent
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = pass()
      .catch((err: unknown) => {
        log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'outbox pass failed')
        return 0
      })
      .finally(() => {
        running = undefined
        if (again && !stopped) {
          again = false
          void runOnce()
        }
      })
    return running
  }

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => {
      void runOnce().finally(schedule)
    }, intervalMs)
    timer.unref()
  }

  return {
    start() {
      if (!stopped) return
      stopped = false
      if (!messagingUrl) {
        log.warn('MESSAGING_INTERNAL_URL is not set: e-mails are kept in identity.outbox until it is')
        return
      }
      void runOnce()
      schedule()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
    nudge() {
      if (!stopped && messagingUrl) void runOnce()
    },
    runOnce,
  }
}
