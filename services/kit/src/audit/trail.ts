import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely'

/** One thing a person did, as the audit trail keeps it (audit.events; who, what, when, from where, outcome). */
export interface AuditEntry {
  /** The account that acted, and its role at the time (no account: the service's own jobs, role SYSTEM_ACTOR_ROLE). */
  actorId: string | null
  actorRole: string | null
  /** What was done: `<kind>.<verb>` ("user.read", "appointment.status"), AUDIT_ACTIONS in the contracts. */
  action: string
  /** The kind and id of the record concerned, when there is one. */
  recordKind?: string | null
  recordId?: string | null
  /** The patient (user id) whose data it was, where known. */
  patientId?: string | null
  address?: string | null
  userAgent?: string | null
  /** The HTTP status the caller got. */
  outcome?: number | null
  /** A short note (a list's filters); never personal data beyond ids. */
  detail?: string | null
}

export interface AuditTrail {
  /** Writes the record; failures are logged (without the record's content), never thrown. */
  record(entry: AuditEntry): Promise<void>
  /** Resolves once every record started so far is written (tests, shutdown). */
  settled(): Promise<void>
}

const clip = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max))

/**
 * Writes one record through `db`, which may be a transaction (the record then stands or falls
 * with the work it describes, e.g. a retention purge). Routes record through app.audit instead.
 */
export async function writeAuditRecord(db: QueryExecutorProvider, service: string, entry: AuditEntry): Promise<void> {
  // seq, at and the hashes are filled in by the table's trigger (the chain).
  await sql`
    insert into audit.events (service, actor_id, actor_role, action, record_kind, record_id, patient_id, address, user_agent, outcome, detail)
    values (${service}, ${clip(entry.actorId, 100)}, ${clip(entry.actorRole, 20)}, ${clip(entry.action, 60)}, ${clip(entry.recordKind, 40)},
            ${clip(entry.recordId, 100)}, ${clip(entry.patientId, 100)}, ${clip(entry.address, 64)}, ${clip(entry.userAgent, 300)},
            ${entry.outcome ?? null}, ${clip(entry.detail, 300)})
  `.execute(db)
}

export function createAuditTrail(db: Kysely<unknown>, service: string, log: FastifyBaseLogger): AuditTrail {
  const pending = new Set<Promise<void>>()

  return {
    record(entry) {
      const done = writeAuditRecord(db, service, entry).catch((err: unknown) => {
        log.error({ action: entry.action, reason: err instanceof Error ? err.message : String(err) }, 'audit record not written')
      })
      pending.add(done)
      void done.finally(() => pending.delete(done))
      return done
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending)
    },
  }
}
