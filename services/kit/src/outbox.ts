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

/** The producer's `<schema>.outbox` table, as one of its own frozen migrations. */
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

export interface OutboxItem {
  /** What messaging-sync does with it: 'email', 'message', 'contact', 'appointment'. */
  topic: string
  /** The producer's idempotency key (e.g. `booking:<id>:request`): a repeated key is a no-op. */
  key: string
  payload: unknown
}

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
}

export interface OutboxRelay {
  start(): void
  stop(): Promise<void>
  /** A pass soon instead of at the next tick (after work was committed). */
  nudge(): void
  /** One pass over due rows; resolves to how many were settled (handed over, or reported as refused). */
  runOnce(): Promise<number>
  /**
   * Where messaging-sync's delivery of this service's work is, by outbox key (keys not handed over
   * yet are absent); null when messaging-sync cannot be asked.
   */
  statuses(keys: readonly string[]): Promise<Map<string, DeliveryState> | null>
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
  attempts: number
}

/** Answers that retrying the same request cannot change (a malformed item). Everything else is retried. */
const PERMANENT = new Set([400, 413, 422])

export function outboxBackoffMs(attempts: number, maxMs: number): number {
  const base = Math.min(maxMs, 1000 * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (0.8 + Math.random() * 0.4))
}

type Outcome = { ok: true } | { ok: false; permanent: boolean; reason: string }

/**
 * Hands pending outbox rows to messaging-sync: `POST /internal/outbox` with the internal token,
 * in batches. Rows are taken with FOR UPDATE SKIP LOCKED and held until the answer is recorded, so
 * several replicas share the work and never hand the same row at once; a crash between the answer
 * and the commit hands it again, which messaging-sync ignores (unique source + key).
 * A row messaging-sync refuses is reported to it as undeliverable, so staff see it there.
 */
export function createOutboxRelay<DB>(opts: OutboxRelayOptions & { db: Kysely<DB>; source: string; internalToken: string; log: FastifyBaseLogger }): OutboxRelay {
  const { db, source, internalToken, log, targetUrl, intervalMs = 1000, batchSize = 50, requestTimeoutMs = 5000, maxBackoffMs = 10 * 60_000 } = opts
  const base = targetUrl?.replace(/\/+$/, '')
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let again = false
  let stopped = true

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

  /** Hands one batch over, resolving to the rows settled; a refused batch is retried item by item so one bad item holds up no other. */
  async function handOver(trx: Kysely<DB>, rows: Row[]): Promise<number> {
    const result = await post('/internal/outbox', { source, items: items(rows) })
    if (result.ok) {
      await sql`update outbox set handed_over_at = now(), last_error = null, attempts = attempts + 1 where id = any(${rows.map((r) => r.id)}::uuid[])`.execute(trx)
      return rows.length
    }
    if (result.permanent && rows.length > 1) {
      let handed = 0
      for (const row of rows) handed += await handOver(trx, [row])
      return handed
    }
    if (result.permanent) {
      // messaging-sync refuses this item: tell it so (it owns the status staff see), then stop trying.
      const row = rows[0]!
      const reported = await post('/internal/outbox/undeliverable', { source, items: [{ id: row.id, topic: row.topic, key: row.key, reason: result.reason }] })
      if (reported.ok) {
        await sql`update outbox set handed_over_at = now(), last_error = ${result.reason}, attempts = attempts + 1 where id = ${row.id}`.execute(trx)
        log.error({ outboxId: row.id, topic: row.topic, reason: result.reason }, 'outbox item refused by messaging-sync; reported as undeliverable')
        return 1
      }
    }
    for (const row of rows) {
      const next = new Date(Date.now() + outboxBackoffMs(row.attempts + 1, maxBackoffMs))
      await sql`update outbox set attempts = attempts + 1, last_error = ${result.reason}, next_attempt_at = ${next} where id = ${row.id}`.execute(trx)
    }
    log.warn({ items: rows.length, reason: result.reason, attempts: rows[0]!.attempts + 1 }, 'outbox hand-over to messaging-sync failed; will retry')
    return 0
  }

  async function pass(): Promise<number> {
    if (!base) return 0
    let total = 0
    for (;;) {
      const handed = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<Row>`
          select id, topic, key, payload, attempts from outbox
          where handed_over_at is null and next_attempt_at <= now()
          order by next_attempt_at, created_at limit ${batchSize}
          for update skip locked
        `.execute(trx)
        if (rows.length === 0) return -1
        return handOver(trx, rows)
      })
      if (handed <= 0) return total
      total += handed
      if (stopped) return total
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
    timer = setTimeout(() => void runOnce().finally(schedule), intervalMs)
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
    async statuses(keys) {
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
    },
  }
}
