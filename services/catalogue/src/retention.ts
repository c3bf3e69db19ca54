import type { OrderStatus } from '@hearing/contracts'
import type { RetentionOptions } from '@hearing/service-kit'
import type { Config } from './config.js'
import type { Database } from './database.js'

/** Staff are done with these; a request still new or being followed up stays, however old. */
const CLOSED: OrderStatus[] = ['fitted', 'cancelled']

/** What the catalogue purges: closed order requests (names, contact details, items) past RETENTION_MONTHS. */
export function retention(config: Pick<Config, 'RETENTION_MONTHS' | 'RETENTION_SWEEP_HOURS'>): RetentionOptions<Database> {
  return {
    everyHours: config.RETENTION_SWEEP_HOURS,
    rules: [
      {
        kind: 'order',
        months: config.RETENTION_MONTHS,
        async purge(trx, cutoff) {
          const result = await trx.deleteFrom('order_requests').where('created_at', '<', cutoff).where('status', 'in', CLOSED).executeTakeFirst()
          return Number(result.numDeletedRows)
        },
      },
    ],
  }
}
