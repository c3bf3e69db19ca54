import { sql, type Kysely } from 'kysely'
import type { Database, Email, EmailStatus } from '../database.js'

/** The e-mail outbox in Postgres: what was promised, and where each e-mail is. */

export interface NewEmail {
  idempotency_key: string
  to: string
  subject: string
  text: string
  html?: string | undefined
}

/** Longest last_error kept: enough for an SMTP server's reply. */
const MAX_ERROR_LENGTH = 1000

/**
 * Commits the e-mail, or finds the one already committed under the same idempotency key (that one
 * wins, whatever the second request says).
 */
export async function insertEmail(db: Kysely<Database>, email: NewEmail): Promise<{ id: string; status: EmailStatus; created: boolean }> {
  const inserted = await db
    .insertInto('emails')
    .values({
      idempotency_key: email.idempotency_key,
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      status: 'pending',
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning(['id', 'status'])
    .executeTakeFirst()
  if (inserted) return { ...inserted, created: true }
  const existing = await db
    .selectFrom('emails')
    .select(['id', 'status'])
    .where('idempotency_key', '=', email.idempotency_key)
    .executeTakeFirstOrThrow()
  return { ...existing, created: false }
}

export async function findEmail(db: Kysely<Database>, id: string): Promise<Email | undefined> {
  return db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A job exists for it now (unless it was delivered meanwhile). */
export async function markQueued(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('emails')
    .set({ status: 'queued', queued_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'queued'])
    .execute()
}

/** Counts one delivery attempt; undefined when the e-mail is gone or already final. */
export async function startAttempt(db: Kysely<Database>, id: string): Promise<Email | undefined> {
  return db
    .updateTable('emails')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'queued'])
    .returningAll()
    .executeTakeFirst()
}

export async function markDelivered(db: Kysely<Database>, id: string, status: 'sent' | 'local'): Promise<void> {
  await db
    .updateTable('emails')
    .set({ status, sent_at: sql<Date>`now()`, last_error: null })
    .where('id', '=', id)
    .execute()
}

/** Records why an attempt failed; final: no more attempts will be made. */
export async function markAttemptFailed(db: Kysely<Database>, id: string, reason: string, final: boolean): Promise<void> {
  await db
    .updateTable('emails')
    .set({ last_error: reason.slice(0, MAX_ERROR_LENGTH), ...(final ? { status: 'failed' as const } : {}) })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'queued'])
    .execute()
}

/**
 * E-mails the sweeper looks at: never handed to the queue, or queued for longer than `staleMs`
 * (their job may have been lost with Redis' data). Oldest first.
 */
export async function undelivered(db: Kysely<Database>, staleMs: number, limit: number) {
  const staleBefore = new Date(Date.now() - staleMs)
  return db
    .selectFrom('emails')
    .select(['id', 'status'])
    .where((eb) =>
      eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'queued'), eb('queued_at', '<', staleBefore)])]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute()
}

/** The newest e-mails first: the admins' mailbox and delivery log. */
export async function latestEmails(db: Kysely<Database>, limit: number): Promise<Email[]> {
  return db.selectFrom('emails').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()
}
