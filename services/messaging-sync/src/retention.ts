import type { RetentionOptions, RetentionRule } from '@hearing/service-kit'
import type { Config } from './config.js'
import type { Database, DeliveryStatus, Topic } from './database.js'

/** Deliveries no longer under way: a message or e-mail still being delivered stays, however old. */
const SETTLED: DeliveryStatus[] = ['delivered', 'local', 'failed', 'refused']

/**
 * What messaging-sync purges past RETENTION_MONTHS: the inbox's messages (contact form, booking and
 * order requests), the e-mails and the texts sent. Provider calls (contacts, appointments) are not covered.
 */
export function retention(config: Pick<Config, 'RETENTION_MONTHS' | 'RETENTION_SWEEP_HOURS'>): RetentionOptions<Database> {
  const rule = (topic: Topic): RetentionRule<Database> => ({
    kind: topic,
    months: config.RETENTION_MONTHS,
    async purge(trx, cutoff) {
      const result = await trx.deleteFrom('deliveries').where('topic', '=', topic).where('created_at', '<', cutoff).where('status', 'in', SETTLED).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  })
  return { everyHours: config.RETENTION_SWEEP_HOURS, rules: [rule('message'), rule('email'), rule('text')] }
}
