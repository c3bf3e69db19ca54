import { MESSAGING_CONTACTS_PATH, messagingContactsPage, messagingContactsQuery } from '@hearing/contracts'
import type { RouteGroup } from '@hearing/service-kit'
import { listContactCandidates } from '../accounts/users.js'
import type { Database } from '../database.js'

/**
 * messaging-sync's "Sync Existing Users" reads the accounts here, a page at a time (the kit's
 * /internal guard requires the service credential): only what a messaging contact needs, and
 * whether the address was confirmed, so the sync can say how many it skipped for that.
 */
export const internalMessagingContactRoutes: RouteGroup<Database> = (app) => {
  app.get(MESSAGING_CONTACTS_PATH, { schema: { querystring: messagingContactsQuery, response: { 200: messagingContactsPage } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const { after, limit } = req.query
    const users = await listContactCandidates(app.db, { after, limit })
    return { users, next: users.length === limit ? users[users.length - 1]!.id : null }
  })
}
