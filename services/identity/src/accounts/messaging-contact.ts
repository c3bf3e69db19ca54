import { addToOutbox } from '@hearing/service-kit'
import type { Db } from '../database.js'
import type { UserRow } from './users.js'

/**
 * The spec's pending-contact flow, on the server: once an account with a name and a preferred
 * location is confirmed, messaging-sync is asked (through the outbox, in the caller's transaction)
 * to create its messaging contact. The key is the user's id, so confirming twice, in several tabs,
 * or a retried hand-over still make one contact.
 */
export async function addMessagingContact(db: Db, user: Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name' | 'phone' | 'preferred_location_uid'>): Promise<void> {
  const first = user.first_name?.trim() ?? ''
  const last = user.last_name?.trim() ?? ''
  if ((!first && !last) || !user.preferred_location_uid) return
  await addToOutbox(db, {
    topic: 'contact',
    key: `user:${user.id}:contact`,
    payload: {
      user_id: user.id,
      first_name: first,
      last_name: last,
      email: user.email,
      ...(user.phone ? { phone: user.phone } : {}),
      location_uid: user.preferred_location_uid,
    },
  })
}
