import type { RetentionSweep } from '@hearing/service-kit'
import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely'

/** A moment `months` before the database's now, shifted by `minutes` (negative: just past the cut-off, positive: just inside). */
export const monthsAgo = (months: number, minutes: number): RawBuilder<Date> => sql<Date>`now() - make_interval(months => ${months}) + make_interval(mins => ${minutes})`

/** What the audit trail says about retention purges, oldest first. */
export async function purgeRecords(db: QueryExecutorProvider) {
  const { rows } = await sql<{ service: string; actor_id: string | null; actor_role: string | null; record_kind: string | null; detail: string | null }>`
    select service, actor_id, actor_role, record_kind, detail from audit.events where action = 'retention.purge' order by seq
  `.execute(db)
  return rows
}

/** Every replica sweeps at the same moment: how many of them ran the purge. */
export async function sweepTogether(replicas: ReadonlyArray<{ retention: RetentionSweep | null }>): Promise<number> {
  const results = await Promise.all(replicas.map((app) => app.retention!.runIfDue()))
  return results.filter((purges) => purges !== undefined).length
}
