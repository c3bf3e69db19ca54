import { phoneDigits, type SourceKind } from '@hearing/contracts'
import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import type { Database } from './database.js'

// The SQL of requests waiting for staff, by who sent them (an address, an e-mail, a phone): the
// booking limits (booking-limits.ts) and the staff's view of floods (pending-sources.ts).

type Db = Kysely<Database>

/** Who asks: one address, one e-mail or one phone; a request matching any of them is theirs. */
export interface Visitor {
  /** The client's address (null when unknown: then e-mail and phone still count). */
  address: string | null
  email: string
  phone: string
}

/** One mailbox whatever its case or +tag: Ann+1@Example.com is ann@example.com. */
export const emailKey = (email: string) => email.trim().toLowerCase().replace(/[+][^@]*@/, '@')

// The keys in SQL, spelled as the migration's indexes are (the phone's: contracts' phoneDigits).
const emailKeySql = sql<string>`regexp_replace(lower(email), '[+][^@]*@', '@')`
const phoneKeySql = sql<string>`right(regexp_replace(phone, '[^0-9]', '', 'g'), 10)`

/** A request of the same visitor: the same address, e-mail or phone (its last ten digits). */
function sameVisitor(eb: ExpressionBuilder<Database, 'appointments'>, visitor: Visitor) {
  const phone = phoneDigits(visitor.phone)
  return eb.or([
    eb(emailKeySql, '=', emailKey(visitor.email)),
    ...(phone ? [eb(phoneKeySql, '=', phone)] : []),
    ...(visitor.address ? [eb('source_address', '=', visitor.address)] : []),
  ])
}

/**
 * Waits, within the transaction, for any other transaction holding one of these keys (advisory
 * locks, taken in one order so two never wait for each other).
 */
export async function lockVisitorKeys(trx: Db, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) await sql`select pg_advisory_xact_lock(hashtextextended(${`scheduling:booking:${key}`}, 0))`.execute(trx)
}

/** The visitor's requests still waiting for staff that start after `now`. */
export function pendingRequestsOf(trx: Db, visitor: Visitor, now: Date) {
  return trx
    .selectFrom('appointments')
    .select(['location_uid', 'starts_at'])
    .where('status', '=', 'pending')
    .where('starts_at', '>', now)
    .where((eb) => sameVisitor(eb, visitor))
    .execute()
}

/** Up to `limit` upcoming requests waiting for staff, oldest first (made together: the earlier visit first), with who sent them. */
export function upcomingPendingRequests(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('appointments')
    .select(['id', 'location_uid', 'appointment_type', 'starts_at', 'first_name', 'last_name', 'email', 'phone', 'source_address', 'created_at'])
    .where('status', '=', 'pending')
    .where('starts_at', '>', now)
    .orderBy('created_at')
    .orderBy('starts_at')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/**
 * Declines every upcoming request waiting for staff from one address, e-mail (emailKey) or phone
 * (its last ten digits); resolves to how many.
 */
export async function declinePendingFrom(db: Db, source: { kind: SourceKind; key: string }, { staffId, now }: { staffId: string; now: Date }): Promise<number> {
  let query = db
    .updateTable('appointments')
    .set({ status: 'declined', decided_at: now, decided_by: staffId })
    .where('status', '=', 'pending')
    .where('starts_at', '>', now)
  if (source.kind === 'address') query = query.where('source_address', '=', source.key)
  else if (source.kind === 'email') query = query.where(emailKeySql, '=', source.key)
  else query = query.where(phoneKeySql, '=', source.key)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}
