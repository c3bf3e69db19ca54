import type { OutboxEntry, OutboxTopic } from '@hearing/contracts'
import type { FastifyBaseLogger } from 'fastify'
import { sql, type ColumnType, type Generated, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely'
import { INTERNAL_TOKEN_HEADER } from './internal.js'

/**
 * The transactional outbox: a producer writes the work it hands to messaging-sync (an e-mail, a
 * message, a contact, an appointment) in the same transaction as its own change, and the relay
 * below POSTs it to messaging-sync afterwards. So a 2xx to the user means the work is stored, and
 * nothing is lost while messaging-sync is away.
 */

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/

/**
 * The producer's `<schema>.outbox` table as the relay expects it today. A service copies this shape
 * into its own migration file (frozen, never imported); tests create their producers' tables with it.
 */
export function outboxMigration(schema: string): Migration {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${schema}`)
  return {
    async up(db) {
      await db.schema
        .withSchema(schema)
        .createTable('outbox')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('handed_over_at', 'timestamptz')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_error', 'text')
        .execute()
      // The relay only ever looks at rows not handed over yet, oldest due first.
      await sql`create index outbox_pending_idx on ${sql.id(schema, 'outbox')} (next_attempt_at) where handed_over_at is null`.execute(db)
    },
    async down(db) {
      await db.schema.withSchema(schema).dropTable('outbox').execute()
    },
  }
}

/** The outbox table's row, for a producer's Kysely Database type (payload typed as the producer writes it). */
export interface OutboxTable<P = unknown> {
  id: Generated<string>
  topic: string
  key: string
  payload: ColumnType<P, string, string>
  created_at: Generated<Date>
  handed_over_at: Date | null
  attempts: Generated<number>
  next_attempt_at: Generated<Date>
  last_error: string | null
}

/**
 * The columns a producer adds to its outbox when it wants messaging-sync's delivery status of some
 * topics back (the relay's `trackTopics`): the relay reads them from messaging-sync in the
 * background and keeps them here, so the producer's own reads never wait on another service.
 */
export interface TrackedOutboxTable<P = unknown> extends OutboxTable<P> {
  delivery_status: DeliveryState['status'] | null
  delivery_attempts: number | null
  delivery_error: string | null
  status_checked_at: Date | null
}

/**
 * One piece of work: its topic (what messaging-sync does with it: 'email', 'message', 'contact',
 * 'appointment', 'text') with the payload the contract (@hearing/contracts outbox-payloads) has for
 * that topic, checked together, and the producer's idempotency key (e.g. `booking:<id>:request`):
 * a repeated key is a no-op.
 */
export type OutboxItem<T extends OutboxTopic = OutboxTopic> = OutboxEntry<T> & { key: string }

/**
 * Adds work to the outbox inside the producer's transaction (pass the transaction, or the db for a
 * change of one statement). Resolves to false when the key was already there (nothing added).
 */
export async function addToOutbox(trx: QueryExecutorProvider, { topic, key, payload }: OutboxItem): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    insert into outbox (topic, key, payload) values (${topic}, ${key}, ${JSON.stringify(payload)}::jsonb)
    on conflict (key) do nothing returning id
  `.execute(trx)
  return rows.length > 0
}

export interface OutboxRelayOptions {
  /** messaging-sync's base URL (MESSAGING_INTERNAL_URL). Unset: the work waits in the outbox. */
  targetUrl?: string | undefined
  /** How often pending rows are looked for (a nudge runs a pass at once). */
  intervalMs?: number
  /** Items per POST. */
  batchSize?: number
  requestTimeoutMs?: number
  /** Longest wait between attempts of one row. */
  maxBackoffMs?: number
  /**
   * How long a batch the relay took stays its own: past this, another pass (this replica's or
   * another's) takes the rows again, e.g. after the replica died mid-call. Longer than a request.
   */
  leaseMs?: number
  /**
   * Topics whose delivery status the relay brings back into the outbox's tracking columns
   * (TrackedOutboxTable) after handing them over, until it settles.
   */
  trackTopics?: readonly OutboxTopic[]
}

export interface OutboxRelay {
  start(): void
  stop(): Promise<void>
  /** A pass soon instead of at the next tick (after work was committed). */
  nudge(): void
  /** One pass over due rows; resolves to how many were settled (handed over, or reported as refused). */
  runOnce(): Promise<number>
}

/** messaging-sync's status of one delivery (it owns the status machine; see its database.ts). */
export interface DeliveryState {
  status: 'pending' | 'queued' | 'waiting' | 'delivered' | 'local' | 'failed' | 'refused'
  attempts: number
  last_error: string | null
}

interface Row {
  id: string
  topic: string
  key: string
  payload: unknown
  /** Counting the attempt the relay just claimed it for: its claim, checked when the result is recorded. */
  attempts: number
  created_at: Date
}

/** Delivery statuses that may still change (messaging-sync is still trying). */
const UNSETTLED: readonly DeliveryState['status'][] = ['pending', 'queued', 'waiting']
/** How soon the relay looks again while a fresh tracked delivery is unsettled. */
const FOLLOW_UP_MS = 250

/** Answers that retrying the same request cannot change (a malformed item). Everything else is retried. */
const PERMANENT = new Set([400, 413, 422])

export function outboxBackoffMs(attempts: number, maxMs: number): number {
  const base = Math.min(maxMs, 1000 * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (0.8 + Math.random() * 0.4))
}

type Outcome = { ok: true } | { ok: false; permanent: boolean; reason: string }

/**
 * Hands pending outbox rows to messaging-sync: `POST /internal/outbox` with the internal token,
 * in batches. A batch is claimed in one short statement (its attempt counted and its next attempt
 * moved a lease ahead, so no other pass takes it meanwhile), then posted with no transaction or
 * lock open, then the answer is recorded in another short statement for the rows still under this
 * claim. A replica that dies mid-call leaves its rows to be taken again once the lease is over;
 * handing a row twice is harmless, since messaging-sync keeps one per source + key.
 * A row messaging-sync refuses is reported to it as undeliverable, so staff see it there.
 */
export function createOutboxRelay<DB>(opts: OutboxRelayOptions & { db: Kysely<DB>; source: string; internalToken: string; log: FastifyBaseLogger }): OutboxRelay {
  const { db, source, internalToken, log, targetUrl, intervalMs = 1000, batchSize = 50, requestTimeoutMs = 5000, maxBackoffMs = 10 * 60_000, trackTopics = [] } = opts
  const leaseMs = opts.leaseMs ?? Math.max(3 * requestTimeoutMs, 15_000)
  const base = targetUrl?.replace(/\/+$/, '')
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let again = false
  let stopped = true
  /** A fresh tracked delivery is not settled yet: look again sooner than the usual interval. */
  let followUp = false

  async function post(path: string, body: unknown): Promise<Outcome> {
    try {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: internalToken },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      })
      if (res.ok) {
        await res.body?.cancel()
        return { ok: true }
      }
      const answer = (await res.json().catch(() => ({}))) as { message?: unknown }
      const detail = typeof answer.message === 'string' ? `: ${answer.message.slice(0, 300)}` : ''
      return { ok: false, permanent: PERMANENT.has(res.status), reason: `HTTP ${res.status}${detail}` }
    } catch (err) {
      return { ok: false, permanent: false, reason: err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 300) : 'request failed' }
    }
  }

  const items = (rows: Row[]) => rows.map(({ id, topic, key, payload }) => ({ id, topic, key, payload }))

  /** Takes up to a batch of due rows for this pass, oldest first; the row locks last only this statement. */
  async function claim(): Promise<Row[]> {
    const { rows } = await sql<Row>`
      update outbox o set attempts = o.attempts + 1, next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
      from (
        select id from outbox where handed_over_at is null and next_attempt_at <= now()
        order by next_attempt_at, created_at limit ${batchSize}
        for update skip locked
      ) due
      where o.id = due.id
      returning o.id, o.topic, o.key, o.payload, o.attempts, o.created_at
    `.execute(db)
    return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
  }

  /** The claimed rows as a record set for the statements below: only rows still under this claim are touched. */
  const claimed = (rows: Row[], extra: (row: Row) => object = () => ({})) => JSON.stringify(rows.map((r) => ({ id: r.id, attempts: r.attempts, ...extra(r) })))

  /** Records an outcome on the rows still under this claim; resolves to how many were. */
  async function settle(rows: Row[], lastError: string | null): Promise<number> {
    const result = await sql`
      update outbox o set handed_over_at = now(), last_error = ${lastError}
      from jsonb_to_recordset(${claimed(rows)}::jsonb) as x(id uuid, attempts integer)
      where o.id = x.id and o.attempts = x.attempts and o.handed_over_at is null
    `.execute(db)
    return Number(result.numAffectedRows ?? 0)
  }

  /** Keeps the claim on rows still waiting for their turn (a refused batch is retried item by item). */
  async function renew(rows: Row[]): Promise<void> {
    await sql`
      update outbox o set next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
      from jsonb_to_recordset(${claimed(rows)}::jsonb) as x(id uuid, attempts integer)
      where o.id = x.id and o.attempts = x.attempts and o.handed_over_at is null
    `.execute(db)
  }

  /** Hands one claimed batch over, resolving to the rows settled; a refused batch is retried item by item so one bad item holds up no other. */
  async function handOver(rows: Row[]): Promise<number> {
    const result = await post('/internal/outbox', { source, items: items(rows) })
    if (result.ok) return settle(rows, null)
    if (result.permanent && rows.length > 1) {
      let handed = 0
      for (const [i, row] of rows.entries()) {
        await renew(rows.slice(i))
        handed += await handOver([row])
      }
      return handed
    }
    if (result.permanent) {
      // messaging-sync refuses this item: tell it so (it owns the status staff see), then stop trying.
      const row = rows[0]!
      const reported = await post('/internal/outbox/undeliverable', { source, items: [{ id: row.id, topic: row.topic, key: row.key, reason: result.reason }] })
      if (reported.ok) {
        log.error({ outboxId: row.id, topic: row.topic, reason: result.reason }, 'outbox item refused by messaging-sync; reported as undeliverable')
        return settle(rows, result.reason)
      }
    }
    await sql`
      update outbox o set last_error = ${result.reason}, next_attempt_at = now() + x.delay_ms * interval '1 millisecond'
      from jsonb_to_recordset(${claimed(rows, (r) => ({ delay_ms: outboxBackoffMs(r.attempts, maxBackoffMs) }))}::jsonb) as x(id uuid, attempts integer, delay_ms integer)
      where o.id = x.id and o.attempts = x.attempts and o.handed_over_at is null
    `.execute(db)
    log.warn({ items: rows.length, reason: result.reason, attempts: rows[0]!.attempts }, 'outbox hand-over to messaging-sync failed; will retry')
    return 0
  }

  async function pass(): Promise<number> {
    if (!base) return 0
    let total = 0
    for (;;) {
      const rows = await claim()
      if (rows.length === 0) break
      const handed = await handOver(rows)
      if (handed <= 0) break
      total += handed
      // Stopping (or driven by hand): one batch per pass.
      if (stopped) break
    }
    if (trackTopics.length > 0) followUp = await refreshTracked()
    return total
  }

  /**
   * Brings messaging-sync's status of handed-over tracked deliveries back into the outbox, in one
   * request per pass: every pass while a delivery is young, once a minute after that, for two days.
   * Resolves to whether a young one is still unsettled.
   */
  async function refreshTracked(): Promise<boolean> {
    const { rows } = await sql<{ key: string; young: boolean }>`
      select key, created_at > now() - interval '1 minute' as young from outbox
      where topic = any(${trackTopics}::text[]) and handed_over_at is not null
        and (delivery_status is null or delivery_status = any(${UNSETTLED}::text[]))
        and created_at > now() - interval '2 days'
        and (status_checked_at is null or created_at > now() - interval '10 minutes' or status_checked_at < now() - interval '1 minute')
      order by created_at desc limit 200
    `.execute(db)
    if (rows.length === 0) return false
    const states = await statuses(rows.map((r) => r.key))
    if (!states) return rows.some((r) => r.young)
    const found = rows.map(({ key }) => ({ key, ...(states.get(key) ?? { status: null, attempts: null, last_error: null }) }))
    await sql`
      update outbox o set delivery_status = coalesce(x.status, o.delivery_status), delivery_attempts = coalesce(x.attempts, o.delivery_attempts),
        delivery_error = case when x.status is null then o.delivery_error else x.last_error end, status_checked_at = now()
      from jsonb_to_recordset(${JSON.stringify(found)}::jsonb) as x(key text, status text, attempts integer, last_error text)
      where o.key = x.key
    `.execute(db)
    return found.some((f, i) => rows[i]!.young && (f.status === null || UNSETTLED.includes(f.status)))
  }

  /** Where messaging-sync's deliveries are, by outbox key (absent: not known there); null when it cannot be asked. */
  async function statuses(keys: readonly string[]): Promise<Map<string, DeliveryState> | null> {
    if (!base) return null
    if (keys.length === 0) return new Map()
    try {
      const res = await fetch(`${base}/internal/deliveries/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: internalToken },
        body: JSON.stringify({ source, keys }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      const { items } = (await res.json()) as { items: Array<DeliveryState & { key: string }> }
      return new Map(items.map(({ key, ...state }) => [key, state]))
    } catch (err) {
      log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'could not ask messaging-sync for delivery statuses')
      return null
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = pass()
      .catch((err: unknown) => {
        log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'outbox pass failed; will try again')
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
    timer = setTimeout(() => void runOnce().finally(schedule), followUp ? Math.min(FOLLOW_UP_MS, intervalMs) : intervalMs)
    timer.unref()
  }

  return {
    start() {
      if (!stopped) return
      stopped = false
      if (!base) {
        log.warn('MESSAGING_INTERNAL_URL is not set: outbox items wait until it is')
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
      if (!stopped && base) void runOnce()
    },
    runOnce,
  }
}
