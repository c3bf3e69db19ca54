import type { Db } from '../database.js'
import { isLastAdmin, lockAdmins } from './roles.js'
import { revokeUserSessions } from './sessions.js'
import { findUserById, updateUser, type UserRow } from './users.js'

export type Deactivation = { changed: UserRow } | { refused: 'missing' | 'self' | 'last-admin' }

/**
 * Deactivates an account: it can no longer sign in, and every session of it ends at once (every
 * service's session check asks identity, which answers "ended" for a deactivated account). Nobody
 * deactivates themselves, and the platform keeps an active admin (under the same lock as roles).
 */
export async function deactivateAccount(db: Db, userId: string, callerId: string): Promise<Deactivation> {
  if (userId === callerId) return { refused: 'self' }
  return db.transaction().execute(async (trx) => {
    const admins = await lockAdmins(trx)
    const target = await findUserById(trx, userId)
    if (!target) return { refused: 'missing' }
    if (target.deactivated_at) return { changed: target }
    if (isLastAdmin(target, admins)) return { refused: 'last-admin' }
    const updated = await updateUser(trx, target.id, { deactivated_at: new Date() })
    await revokeUserSessions(trx, target.id)
    return { changed: updated! }
  })
}

/** Lets a deactivated account sign in again (its old sessions stay ended). */
export async function reactivateAccount(db: Db, userId: string): Promise<UserRow | undefined> {
  const target = await findUserById(db, userId)
  if (!target || !target.deactivated_at) return target
  return updateUser(db, target.id, { deactivated_at: null })
}
