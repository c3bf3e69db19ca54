import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Database, Delivery } from '../database.js'
import { insertDelivery } from '../delivery/store.js'
import type { EmailPayload } from '@hearing/contracts'

/** The staff inbox's own records: who looks after a message, and staff's replies to it. */

export type AssigneeFilter = { kind: 'anyone' } | { kind: 'staff'; id: string } | { kind: 'nobody' }

/** Patients' messages, newest first, optionally only those assigned to one staff member (or to nobody). */
export async function inboxMessages(db: Kysely<Database>, limit: number, assignee: AssigneeFilter): Promise<Delivery[]> {
  let q = db.selectFrom('deliveries').selectAll().where('topic', '=', 'message')
  if (assignee.kind === 'staff') q = q.where('assigned_to', '=', assignee.id)
  if (assignee.kind === 'nobody') q = q.where('assigned_to', 'is', null)
  return q.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()
}

/** Gives a message to a staff member (or to nobody); undefined when there is no such message. */
export async function assignMessage(db: Kysely<Database>, id: string, assignee: { id: string; name: string } | null) {
  return db
    .updateTable('deliveries')
    .set({ assigned_to: assignee?.id ?? null, assigned_name: assignee?.name ?? null, assigned_at: assignee ? sql<Date>`now()` : null })
    .where('id', '=', id)
    .where('topic', '=', 'message')
    .returning(['id', 'assigned_to', 'assigned_name'])
    .executeTakeFirst()
}

export interface ReplyView {
  id: string
  author_id: string
  author_name: string
  text: string
  created_at: string
  /** Where the e-mail carrying it is (the e-mail channel's status); null once its row was purged. */
  email_status: Delivery['status'] | null
}

/** The replies to these messages, oldest first, with where each one's e-mail is. */
export async function repliesTo(db: Kysely<Database>, messageIds: readonly string[]): Promise<Map<string, ReplyView[]>> {
  const byMessage = new Map<string, ReplyView[]>()
  if (messageIds.length === 0) return byMessage
  const rows = await db
    .selectFrom('inbox_replies as r')
    .leftJoin('deliveries as e', 'e.id', 'r.email_delivery_id')
    .select(['r.id', 'r.message_id', 'r.author_id', 'r.author_name', 'r.text', 'r.created_at', 'e.status as email_status'])
    .where('r.message_id', 'in', messageIds)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute()
  for (const { message_id, created_at, ...reply } of rows) {
    const list = byMessage.get(message_id) ?? []
    list.push({ ...reply, created_at: created_at.toISOString() })
    byMessage.set(message_id, list)
  }
  return byMessage
}

/**
 * Records a reply and, in the same transaction, the e-mail that carries it (a delivery of the
 * e-mail channel: retried until it is sent, never lost). The caller enqueues the e-mail after the commit.
 */
export async function addReply(db: Kysely<Database>, reply: { messageId: string; author: { id: string; name: string }; text: string; email: EmailPayload }) {
  return db.transaction().execute(async (trx) => {
    const id = randomUUID()
    const email = await insertDelivery(trx, { source: 'messaging-sync', key: `inbox-reply:${id}`, topic: 'email', payload: reply.email })
    const saved = await trx
      .insertInto('inbox_replies')
      .values({ id, message_id: reply.messageId, author_id: reply.author.id, author_name: reply.author.name, text: reply.text, email_delivery_id: email.id })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { reply: saved, emailDeliveryId: email.id, emailStatus: email.status }
  })
}
