import type { Role } from '@hearing/service-kit'
import { sql, type Transaction } from 'kysely'
import type { Database, Db } from '../database.js'
import { revokeUserSessions } from './sessions.js'
import { findUserById, updateUser, type UserRow } from './users.js'

/**
 * Who is an admin changes one transaction at a time (an advisory lock held until commit), so two
 * admins demoting each other cannot leave none, and two bootstraps at once create one admin.
 * Returns how many active (not deactivated) admins there are, as the lock holder sees them.
 */
export async function lockAdmins(trx: Transaction<Database>): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext('identity.roles'))`.execute(trx)
  const { n } = await trx.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).where('role', '=', 'admin').where('deactivated_at', 'is', null).executeTakeFirstOrThrow()
  return n
}

/** The platform always keeps an admin: the last one cannot lose the role. */
export function isLastAdmin(user: UserRow, admins: number): boolean {
  return user.role === 'admin' && user.deactivated_at === null && admins <= 1
}

export type RoleChange = { changed: UserRow } | { refused: 'missing' | 'last-admin' }

/** Gives the user a role; every session of theirs ends, so the new role counts at once. */
export async function changeRole(db: Db, userId: string, role: Role): Promise<RoleChange> {
  return db.transaction().execute(async (trx) => {
    const admins = await lockAdmins(trx)
    const target = await findUserById(trx, userId)
    if (!target) return { refused: 'missing' }
    if (target.role === role) return { changed: target }
    if (isLastAdmin(target, admins)) return { refused: 'last-admin' }
    const updated = await updateUser(trx, target.id, { role })
    await revokeUserSessions(trx, target.id)
    return { changed: updated! }
  })
}
