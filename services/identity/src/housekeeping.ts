import { sql } from 'kysely'
import type { Db } from './database.js'
import { KNOWN_ADDRESS_TTL_DAYS } from './accounts/known-addresses.js'
import { pruneThrottle } from './throttle.js'

const DAY = 86_400_000

/**
 * Deletes what no longer matters: dead refresh tokens, old one-time tokens, old throttle windows,
 * and e-mails handed over a month ago (messaging-sync keeps its own record of what it sent).
 */
export async function housekeeping(db: Db): Promise<void> {
  // Every replica's timer fires; the one holding the lock does the work, the others skip this round.
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(hashtext('identity.housekeeping')) as got`.execute(trx)
    if (rows[0]?.got) await tidy(trx)
  })
}

async function tidy(db: Db): Promise<void> {
  const now = Date.now()
  await db
    .deleteFrom('refresh_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', new Date(now - DAY)), eb('absolute_expires_at', '<', new Date(now - DAY)), eb('revoked_at', '<', new Date(now - 7 * DAY))]))
    .execute()
  await db.deleteFrom('one_time_tokens').where('expires_at', '<', new Date(now - 7 * DAY)).execute()
  await db.deleteFrom('outbox').where('handed_over_at', '<', new Date(now - 30 * DAY)).execute()
  await db.deleteFrom('trusted_devices').where('last_used_at', '<', new Date(now - 180 * DAY)).execute()
  await db.deleteFrom('known_addresses').where('last_used_at', '<', new Date(now - KNOWN_ADDRESS_TTL_DAYS * DAY)).execute()
  await pruneThrottle(db)
}
