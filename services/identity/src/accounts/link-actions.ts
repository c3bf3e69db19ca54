import type { Db } from '../database.js'
import { addMessagingContact } from './messaging-contact.js'
import { consumeOneTimeToken } from './one-time-tokens.js'
import { revokeUserSessions } from './sessions.js'
import { findUserById, updateUser, type UserRow } from './users.js'

/**
 * What each e-mailed link does once followed. The token is used up in the same transaction as
 * the change it allows, so a link works once even when clicked twice at the same moment. Following
 * any of them proves the mailbox is the user's, which is all a confirmation of the address proves.
 */

/** Confirms the address and asks for the messaging contact. `userId` is undefined when the token did not work. */
export function confirmEmail(db: Db, token: string): Promise<{ userId?: string; user?: UserRow }> {
  return db.transaction().execute(async (trx) => {
    const userId = await consumeOneTimeToken(trx, token, 'confirm')
    if (!userId) return {}
    const existing = await findUserById(trx, userId)
    const user = existing?.email_verified_at ? existing : await updateUser(trx, userId, { email_verified_at: new Date() })
    if (user) await addMessagingContact(trx, user)
    return { userId, user }
  })
}

/** Sets the new password and ends every session; undefined when the token did not work. */
export function resetPassword(db: Db, token: string, passwordHash: string): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const userId = await consumeOneTimeToken(trx, token, 'reset')
    const current = userId ? await findUserById(trx, userId) : undefined
    if (!current) return undefined
    const updated = await updateUser(trx, current.id, { password_hash: passwordHash, email_verified_at: current.email_verified_at ?? new Date() })
    await revokeUserSessions(trx, current.id)
    return updated
  })
}

/** The invited user's first password; undefined when the token did not work (or is someone else's). */
export function setUpAccount(db: Db, token: string, invited: UserRow, passwordHash: string): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const userId = await consumeOneTimeToken(trx, token, 'invite')
    if (userId !== invited.id) return undefined
    return updateUser(trx, userId, { password_hash: passwordHash, email_verified_at: invited.email_verified_at ?? new Date() })
  })
}
