import { SYSTEM_ACTOR_ROLE } from '@hearing/contracts'
import { sql, type Kysely, type Transaction } from 'kysely'
import { z } from 'zod'
import { writeAuditRecord } from './audit/trail.js'
import { runIfDue } from './scheduled-runs.js'

/** Configuration shapes of the services that purge (listed in .env.example and the README). */
export const retentionEnv = {
  /** How often the cluster sweeps (once, whichever replica), in hours. */
  RETENTION_SWEEP_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** How long a kind of record is kept, in months. */
  months: (fallback: number) => z.coerce.number().int().min(1).max(240).default(fallback),
}

/** One kind of record a service deletes once it is older than its period. */
export interface RetentionRule<DB> {
  /** The record kind its audit record names ("message", "order"). */
  kind: string
  months: number
  /** Deletes the records of this kind created before `cutoff` (and only those no one still needs); returns how many. */
  purge(trx: Transaction<DB>, cutoff: Date): Promise<number>
}

export interface RetentionOptions<DB> {
  rules: ReadonlyArray<RetentionRule<DB>>
  everyHours: number
}

/** What one rule removed in a sweep. */
export interface Purge {
  kind: string
  removed: number
  cutoff: Date
  months: number
}

export interface RetentionSweep {
  /** Sweeps now if the cluster's last sweep is a period old: what each rule removed; undefined when it is not due. */
  runIfDue(): Promise<Purge[] | undefined>
}

/** A first sweep over years of records may take longer than a request's statement timeout. */
const SWEEP_STATEMENT_TIMEOUT = '10min'

/**
 * The retention purge of one service: every rule in one transaction, once per period across the
 * cluster (scheduled_runs), each rule's purge recorded in the audit trail (the system acting, the
 * kind, how many rows, the cut-off) in that same transaction.
 */
export function retentionSweep<DB>(db: Kysely<DB>, service: string, { rules, everyHours }: RetentionOptions<DB>): RetentionSweep {
  const job = { name: 'retention', everyMs: everyHours * 3600_000 }
  return {
    runIfDue: () =>
      runIfDue(db, job, async (trx) => {
        await sql`set local statement_timeout = ${sql.lit(SWEEP_STATEMENT_TIMEOUT)}`.execute(trx)
        const purges: Purge[] = []
        for (const rule of rules) {
          const { rows } = await sql<{ cutoff: Date }>`select now() - make_interval(months => ${rule.months}) as cutoff`.execute(trx)
          const cutoff = rows[0]!.cutoff
          purges.push({ kind: rule.kind, removed: await rule.purge(trx, cutoff), cutoff, months: rule.months })
        }
        // Last: writing a record holds the audit chain's lock (every service's) until this commits.
        for (const { kind, removed, cutoff, months } of purges) {
          await writeAuditRecord(trx, service, {
            actorId: null,
            actorRole: SYSTEM_ACTOR_ROLE,
            action: 'retention.purge',
            recordKind: kind,
            detail: `${removed} removed: created before ${cutoff.toISOString()} (kept ${months} months)`,
          })
        }
        return purges
      }),
  }
}
