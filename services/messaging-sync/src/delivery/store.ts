import type { OutboxEntry, PatientLanguage } from '@hearing/contracts'
import { sql, type Kysely } from 'kysely'
import type { Database, Delivery, DeliveryStatus, Topic } from '../database.js'

/** The deliveries table: what was promised, and where each piece of work is. */

/** A piece of work to commit: its payload is the contract's for its topic (@hearing/contracts outbox-payloads). */
export type NewDelivery = OutboxEntry & {
  source: string
  key: string
  /** The Sync Existing Users run it belongs to. */
  batchId?: string
  /** The language of the patient it is from (a contact message). */
  language?: PatientLanguage
}

/** Longest last_error kept: enough for an SMTP server's or a provider's reply. */
const MAX_ERROR_LENGTH = 1000
const clip = (reason: string) => reason.slice(0, MAX_ERROR_LENGTH)

/**
 * Commits the delivery, or finds the one already committed under the same source and key (that
 * one wins, whatever the repeated request says).
 */
export async function insertDelivery(db: Kysely<Database>, item: NewDelivery): Promise<{ id: string; status: DeliveryStatus; created: boolean }> {
  const inserted = await db
    .insertInto('deliveries')
    .values({ source: item.source, key: item.key, topic: item.topic, payload: JSON.stringify(item.payload), status: 'pending', batch_id: item.batchId ?? null, language: item.language ?? null })
    .onConflict((oc) => oc.columns(['source', 'key']).doNothing())
    .returning(['id', 'status'])
    .executeTakeFirst()
  if (inserted) return { ...inserted, created: true }
  const existing = await db
    .selectFrom('deliveries')
    .select(['id', 'status'])
    .where('source', '=', item.source)
    .where('key', '=', item.key)
    .executeTakeFirstOrThrow()
  return { ...existing, created: false }
}

/** A producer could not hand this over (messaging-sync refused it): kept so staff see it. */
export async function insertRefused(db: Kysely<Database>, item: { source: string; key: string; topic: Topic; reason: string }): Promise<void> {
  await db
    .insertInto('deliveries')
    .values({ source: item.source, key: item.key, topic: item.topic, payload: null, status: 'refused', last_error: clip(`Could not be handed over: ${item.reason}`) })
    .onConflict((oc) => oc.columns(['source', 'key']).doNothing())
    .execute()
}

export async function findDelivery(db: Kysely<Database>, id: string): Promise<Delivery | undefined> {
  return db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A job exists for it now (unless it was settled meanwhile). */
export async function markQueued(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ status: 'queued', queued_at: sql<Date>`now()`, retry_at: null })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'queued', 'waiting'])
    .execute()
}

/** Counts one attempt; undefined when the delivery is gone or already settled. */
export async function startAttempt(db: Kysely<Database>, id: string): Promise<Delivery | undefined> {
  return db
    .updateTable('deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'queued'])
    .returningAll()
    .executeTakeFirst()
}

export async function markDelivered(db: Kysely<Database>, id: string, status: 'delivered' | 'local', providerRef?: string | null): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ status, delivered_at: sql<Date>`now()`, last_error: null, retry_at: null, ...(providerRef ? { provider_ref: providerRef } : {}) })
    .where('id', '=', id)
    .execute()
}

/**
 * Records why an attempt failed. 'retry': the quick retries go on; 'slow': they ran out, the
 * sweeper tries again at retryAt; 'final': given up.
 */
export async function markAttemptFailed(db: Kysely<Database>, id: string, reason: string, next: { kind: 'retry' } | { kind: 'slow'; retryAt: Date } | { kind: 'final' }): Promise<void> {
  const change =
    next.kind === 'final' ? { status: 'failed' as const, retry_at: null } : next.kind === 'slow' ? { status: 'waiting' as const, retry_at: next.retryAt } : {}
  await db
    .updateTable('deliveries')
    .set({ last_error: clip(reason), ...change })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'queued'])
    .execute()
}

/**
 * What the sweeper of these topics looks at, oldest first: never handed to the queue; queued for
 * longer than `staleMs` (the job may have been lost with Redis' data); waiting whose slow retry is due.
 */
export async function dueForSweep(db: Kysely<Database>, topics: readonly Topic[], staleMs: number, limit: number) {
  const staleBefore = new Date(Date.now() - staleMs)
  return db
    .selectFrom('deliveries')
    .select(['id', 'status'])
    .where('topic', 'in', topics)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'queued'), eb('queued_at', '<', staleBefore)]),
        eb.and([eb('status', '=', 'waiting'), eb('retry_at', '<=', sql<Date>`now()`)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute()
}

/** The newest deliveries of one topic first: the mailbox, the staff inbox. */
export async function latestOfTopic(db: Kysely<Database>, topic: Topic, limit: number): Promise<Delivery[]> {
  return db.selectFrom('deliveries').selectAll().where('topic', '=', topic).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()
}

/**
 * Commits a producer's handover in one transaction, item by item idempotently (insertDelivery),
 * and says where each item stands.
 */
export async function acceptHandover(db: Kysely<Database>, source: string, items: ReadonlyArray<OutboxEntry & { key: string }>) {
  return db.transaction().execute(async (trx) => {
    const out = []
    for (const it of items) {
      // A patient's message names their language: kept beside it for the inbox.
      const language = it.topic === 'message' ? it.payload.language : undefined
      const row = await insertDelivery(trx, { ...it, source, ...(language ? { language } : {}) })
      out.push({ key: it.key, topic: it.topic, ...row })
    }
    return out
  })
}

/** Where a producer's deliveries are, by their keys (keys never handed over are absent). */
export async function statusesOf(db: Kysely<Database>, source: string, keys: readonly string[]) {
  return db.selectFrom('deliveries').select(['key', 'status', 'attempts', 'last_error']).where('source', '=', source).where('key', 'in', keys).execute()
}

/** Marks a patient's message (topic message) handled or not; undefined when there is no such message. */
export async function markHandled(db: Kysely<Database>, id: string, handled: boolean) {
  return db
    .updateTable('deliveries')
    .set({ handled_at: handled ? sql<Date>`coalesce(handled_at, now())` : null })
    .where('id', '=', id)
    .where('topic', '=', 'message')
    .returning(['id', 'handled_at'])
    .executeTakeFirst()
}
