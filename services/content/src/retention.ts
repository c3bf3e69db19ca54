import type { RetentionOptions } from '@hearing/service-kit'
import type { Config } from './config.js'
import type { Database } from './database.js'

/** What content purges: analytics events past ANALYTICS_RETENTION_MONTHS. */
export function retention(config: Pick<Config, 'ANALYTICS_RETENTION_MONTHS' | 'RETENTION_SWEEP_HOURS'>): RetentionOptions<Database> {
  return {
    everyHours: config.RETENTION_SWEEP_HOURS,
    rules: [
      {
        kind: 'analytics-event',
        months: config.ANALYTICS_RETENTION_MONTHS,
        async purge(trx, cutoff) {
          const result = await trx.deleteFrom('analytics_events').where('occurred_at', '<', cutoff).executeTakeFirst()
          return Number(result.numDeletedRows)
        },
      },
    ],
  }
}
