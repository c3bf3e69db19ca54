import type { Db } from '../database.js'
import { MESSAGES } from '../messages.js'
import { findUserById, type UserRow } from './users.js'

export type Refusal = { status: 403 | 404; message: string }

/**
 * The account a caller on the staff may act on (its e-mails, contact details, deactivation), or
 * why not: staff act on customers; an account of staff or an admin is an admin's business.
 */
export async function accountInReach(db: Db, id: string, caller: UserRow): Promise<UserRow | Refusal> {
  const user = await findUserById(db, id)
  if (!user) return { status: 404, message: MESSAGES.userNotFound }
  if (user.role !== 'customer' && caller.role !== 'admin') return { status: 403, message: MESSAGES.staffAccountsAdminOnly }
  return user
}
