import { PERSONAL_DATA_SERVICES, RECORDS_KEPT_AFTER_DELETION, widenSubject, type ErasureStatus, type KeptRecordKind, type PersonalDataService, type PersonalDataSubject } from '@hearing/contracts'
import { eraseOutboxOfPerson, outboxBackoffMs, subjectKeys } from '@hearing/service-kit'
import type { FastifyBaseLogger } from 'fastify'
import type { Selectable } from 'kysely'
import type { UserRow } from '../accounts/users.js'
import type { Db, ErasureRequestsTable } from '../database.js'
import { throttleKey } from '../throttle.js'
import type { PersonalDataServices } from './services.js'

/**
 * Account deletion. Identity's part happens at once, in one transaction with the record
 * of the deletion: the account (sessions, tokens, devices go with it), its e-mails in the outbox,
 * its throttle counters. Every other service's part is then asked for in order, and what fails is
 * retried (runErasure, resumed by identity's background loop) until all is done; the person is
 * told which parts are still running. Only then is the record emptied of what it matched them by.
 */

type ErasureRow = Selectable<ErasureRequestsTable>

/** Who the services look for: the account and the addresses and phone it holds. */
export function subjectOf(user: Pick<UserRow, 'id' | 'email' | 'phone'>): PersonalDataSubject {
  return { user_id: user.id, emails: [user.email], phones: user.phone ? [user.phone] : [] }
}

/** Identity's own erasure and the record of the rest; in the caller's transaction. Resolves to the request's id. */
export async function deleteAccount(trx: Db, user: UserRow, requestedBy: 'patient' | 'staff'): Promise<string> {
  const subject = subjectOf(user)
  const { id } = await trx
    .insertInto('erasure_requests')
    .values({ user_id: user.id, requested_by: requestedBy, subject: JSON.stringify(subject), pending: [...PERSONAL_DATA_SERVICES] })
    .returning('id')
    .executeTakeFirstOrThrow()
  await eraseOutboxOfPerson(trx, subjectKeys(subject))
  const throttleKeys = [throttleKey('account', user.email), throttleKey('mail-to', user.email)]
  await trx.deleteFrom('login_throttle').where('key', 'in', throttleKeys).execute()
  await trx.deleteFrom('request_throttle').where('key', 'in', throttleKeys).execute()
  // Refresh tokens, one-time tokens, trusted devices and known addresses go with it (on delete cascade).
  await trx.deleteFrom('users').where('id', '=', user.id).execute()
  return id
}

const MAX_BACKOFF_MS = 30 * 60_000

/**
 * Asks each service still pending to erase its part, in order, stopping at the first that fails
 * (messaging-sync comes last, once the others' outboxes hold nothing of the person). Another replica
 * working on the same request leaves this call the row as it is.
 */
export async function runErasure(db: Db, services: PersonalDataServices, id: string, log: FastifyBaseLogger): Promise<ErasureRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('erasure_requests').selectAll().where('id', '=', id).forUpdate().skipLocked().executeTakeFirst()
    if (!row || row.completed_at || !row.subject) return row ?? (await trx.selectFrom('erasure_requests').selectAll().where('id', '=', id).executeTakeFirst())
    const pending = [...row.pending] as PersonalDataService[]
    const kept = [...row.kept]
    let subject = row.subject
    let failure: string | null = null
    while (pending.length > 0) {
      const service = pending[0]!
      try {
        const outcome = await services.erase(service, subject)
        kept.push(...outcome.kept)
        subject = widenSubject(subject, outcome.found)
        pending.shift()
      } catch (err) {
        failure = err instanceof Error ? err.message.slice(0, 300) : 'request failed'
        break
      }
    }
    const done = pending.length === 0
    if (failure) log.warn({ erasureId: id, pending, reason: failure, attempts: row.attempts + 1 }, 'account erasure incomplete; will retry')
    else log.info({ erasureId: id }, 'account erasure completed')
    return trx
      .updateTable('erasure_requests')
      .set({
        pending,
        kept: JSON.stringify(kept),
        attempts: row.attempts + 1,
        last_error: failure,
        next_attempt_at: new Date(Date.now() + (done ? 0 : outboxBackoffMs(row.attempts + 1, MAX_BACKOFF_MS))),
        subject: done ? null : JSON.stringify(subject),
        ...(done ? { completed_at: new Date() } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

/** Runs the deletions that are due again (identity's background loop). */
export async function resumeErasures(db: Db, services: PersonalDataServices, log: FastifyBaseLogger): Promise<number> {
  const due = await db.selectFrom('erasure_requests').select('id').where('completed_at', 'is', null).where('next_attempt_at', '<=', new Date()).orderBy('next_attempt_at').limit(20).execute()
  for (const { id } of due) await runErasure(db, services, id, log)
  return due.length
}

export function findErasure(db: Db, id: string): Promise<ErasureRow | undefined> {
  return db.selectFrom('erasure_requests').selectAll().where('id', '=', id).executeTakeFirst()
}

/** What the person (or staff) is told: what is still running, and what was kept and why. */
export function erasureView(row: ErasureRow): ErasureStatus {
  const counts = new Map<KeptRecordKind, number | null>()
  for (const { kind, count } of row.kept) counts.set(kind, (counts.get(kind) ?? 0) + count)
  // The audit trail keeps its records of staff access whatever else is erased.
  counts.set('audit-trail', null)
  return {
    id: row.id,
    status: row.completed_at ? 'completed' : 'running',
    pending: row.pending,
    kept: [...counts].map(([kind, count]) => ({ kind, count, ...RECORDS_KEPT_AFTER_DELETION[kind] })),
    requested_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  }
}
