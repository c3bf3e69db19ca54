import type { Db } from '../accounts/users.js'
import type { OutboxEmail } from '../database.js'
import type { EmailKind } from './templates.js'

/** Where identity is reached from a browser, through the gateway. */
export const PUBLIC_API_PREFIX = '/api/identity'

/** The links e-mails carry; every one absolute, on PUBLIC_URL. */
export function emailLinks(publicUrl: string) {
  const withToken = (path: string, token: string) => `${publicUrl}${path}?token=${encodeURIComponent(token)}`
  return {
    /** Served by identity itself: confirms, signs in, redirects to the site root. */
    confirm: (token: string) => withToken(`${PUBLIC_API_PREFIX}/confirm-email`, token),
    /** SPA pages. */
    reset: (token: string) => withToken('/reset-password', token),
    invite: (token: string) => withToken('/setup-account', token),
  }
}

/**
 * Records an e-mail to send, in the caller's transaction: committed together with the change it
 * announces, delivered afterwards by the dispatcher, so a promised e-mail is never lost.
 */
export async function enqueueEmail(db: Db, kind: EmailKind, userId: string | null, email: OutboxEmail): Promise<string> {
  const row = await db
    .insertInto('outbox')
    .values({ kind, user_id: userId, payload: JSON.stringify(email) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
