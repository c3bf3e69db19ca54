import type { Db } from './accounts/users.js'
import { pruneThrottle } from './throttle.js'

const DAY = 86_400_000

/**
 * Deletes what no longer matters: dead refresh tokens, old one-time tokens, old throttle windows,
 * and e-mails delivered a month ago (messaging-sync keeps its own record of what it sent).
 */
export async function housekeeping(db: Db): Promise<void> {
  const now = Date.now()
  await db
    .deleteFrom('refresh_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', new Date(now - DAY)), eb('absolute_expires_at', '<', new Date(now - DAY)), eb('revoked_at', '<', new Date(now - 7 * DAY))]))
    .execute()
  await db.deleteFrom('one_time_tokens').where('expires_at', '<', new Date(now - 7 * DAY)).execute()
  await db.deleteFrom('outbox').where('status', '=', 'sent').where('sent_at', '<', new Date(now - 30 * DAY)).execute()
  await pruneThrottle(db)
}
