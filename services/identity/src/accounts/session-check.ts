import type { SessionCheck } from '@hearing/service-kit'
import { sql } from 'kysely'
import type { Db } from '../database.js'
import { isUuid } from './users.js'

/**
 * Whether an access token's session still stands, from the database as it is now: the account
 * exists, and the session the token names (its refresh-token family) has not been ended by
 * sign-out, a password change elsewhere, a role change or reuse detection, and the account is not
 * deactivated. The answer carries the
 * account's current role. Every service's requireRole asks this (identity locally, the others
 * through POST /internal/sessions/check).
 */
export function localSessionCheck(db: () => Db): SessionCheck {
  return async ({ id, sessionId }) => {
    if (!isUuid(id) || !isUuid(sessionId)) return { active: false }
    const row = await db()
      .selectFrom('users')
      .select(['role', 'deactivated_at'])
      .select(
        sql<boolean>`exists (select 1 from refresh_tokens r where r.family_id = ${sessionId} and r.user_id = users.id and r.revoked_at is null and r.absolute_expires_at > now())`.as(
          'session_open',
        ),
      )
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row || !row.session_open || row.deactivated_at) return { active: false }
    return { active: true, role: row.role }
  }
}
