import { sql, type Kysely, type Transaction } from 'kysely'

/**
 * Work the whole cluster does once a period, whichever replica looks first. Each service using it
 * has a `scheduled_runs` table (job text primary key, last_run_at timestamptz; a frozen copy in
 * its own migrations): a run claims its job's row with an upsert that moves last_run_at only when
 * the period has passed since. Replicas claiming at the same moment wait on that row, then find
 * the period not over. The work runs in the claim's transaction, so a replica that fails halfway
 * gives the claim back with it, and the next look retries. Times are the database's clock, the
 * same for every replica.
 */
export async function runIfDue<DB, R>(db: Kysely<DB>, job: { name: string; everyMs: number }, work: (trx: Transaction<DB>) => Promise<R>): Promise<R | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql`
      insert into scheduled_runs (job, last_run_at) values (${job.name}, now())
      on conflict (job) do update set last_run_at = excluded.last_run_at
        where scheduled_runs.last_run_at <= now() - make_interval(secs => ${job.everyMs / 1000})
      returning job
    `.execute(trx)
    return rows.length > 0 ? work(trx) : undefined
  })
}

/** The most a replica waits between two looks: a missed or failed run is retried within the hour. */
const LOOK_AT_LEAST_EVERY_MS = 3600_000

/**
 * Looks for due work when the app is ready and then regularly, until it closes (a look in flight
 * finishes first). `look` handles its own failures.
 */
export function lookRegularly(app: { addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown }, everyMs: number, look: () => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined
  let inFlight: Promise<void> | undefined
  const once = () => {
    inFlight ??= look().finally(() => (inFlight = undefined))
    return inFlight
  }
  app.addHook('onReady', async () => {
    void once()
    timer = setInterval(() => void once(), Math.min(everyMs, LOOK_AT_LEAST_EVERY_MS))
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await inFlight
  })
}
