import { MESSAGING_CONTACTS_PATH, messagingContactsPage, messagingContactsQuery } from '@hearing/contracts'
import type { App } from '@hearing/service-kit'
import { listConfirmedContacts, type Db } from '../accounts/users.js'

/**
 * messaging-sync's "Sync Existing Users" reads the confirmed accounts here, a page at a time (the
 * kit's /internal guard requires the service credential). Only what a messaging contact needs.
 */
export function internalMessagingContactRoutes(app: App, db: Db) {
  app.get(MESSAGING_CONTACTS_PATH, { schema: { querystring: messagingContactsQuery, response: { 200: messagingContactsPage } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const { after, limit } = req.query
    const users = await listConfirmedContacts(db, { after, limit })
    return { users, next: users.length === limit ? users[users.length - 1]!.id : null }
  })
}
