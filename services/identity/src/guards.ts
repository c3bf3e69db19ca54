import { errorPayload, type App, type Role, type ServiceApp } from '@hearing/service-kit'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { findUserById, type UserRow } from './accounts/users.js'
import type { Database } from './database.js'
import { MESSAGES } from './messages.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's account as stored now (set by the `signedIn` guard). */
    account: UserRow | null
  }
}

export function decorateAccount(app: App) {
  app.decorateRequest('account', null)
}

/**
 * The kit's token check, then the account as it is in the database now: a deleted or deactivated
 * account is signed out, and a role taken away counts at once here, not only when its access token expires.
 */
export function signedIn(app: ServiceApp<Database>, ...roles: Role[]) {
  const tokenCheck = app.requireRole()
  const db = app.db
  return async (req: FastifyRequest, reply: FastifyReply) => {
    await tokenCheck(req, reply)
    if (reply.sent) return
    const account = await findUserById(db, req.user!.id)
    if (!account || account.deactivated_at) return reply.code(401).send(errorPayload(401, MESSAGES.signInRequired))
    if (roles.length > 0 && !roles.includes(account.role)) return reply.code(403).send(errorPayload(403, 'You do not have permission to do this.'))
    req.account = account
  }
}
