import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { accountInReach } from '../accounts/staff-reach.js'
import type { UserRow } from '../accounts/users.js'
import type { Config } from '../config.js'
import type { Database } from '../database.js'
import { emailLinks } from '../email/links.js'
import { sendConfirmation, sendInvite, sendPasswordReset } from '../email/send.js'
import { signedIn } from '../guards.js'
import { MESSAGES } from '../messages.js'

const idParams = z.object({ id: z.string().max(100) })
const sentBody = z.object({ sent: z.enum(['confirm', 'invite', 'reset']) })

/**
 * The front desk's e-mails on a patient's behalf: resend the confirmation of an account
 * that never confirmed its address (an invited account without a password gets its invitation
 * again: confirming alone would not let it sign in), and send a password-reset link. Both go to the
 * account's own address, so staff never see a link. Staff act on customers; an account of staff or
 * an admin is an admin's business.
 */
export const adminAccountLinkRoutes: RouteGroup<Database, { config: Config }> = (app, { config }) => {
  const db = app.db
  const links = emailLinks(config)
  const staffOrAdmin = signedIn(app, 'staff', 'admin')
  const schema = { params: idParams, response: { 202: sentBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody } }

  const target = (id: string, caller: UserRow) => accountInReach(db, id, caller)

  app.post('/admin/users/:id/confirmation', { preHandler: staffOrAdmin, config: { audit: { action: 'user.confirmation', kind: 'user', recordIsPatient: true } }, schema }, async (req, reply) => {
    const user = await target(req.params.id, req.account!)
    if ('status' in user) return reply.code(user.status).send(errorPayload(user.status, user.message))
    if (user.email_verified_at) return reply.code(409).send(errorPayload(409, MESSAGES.alreadyConfirmed))
    const kind = user.password_hash ? 'confirm' : 'invite'
    const sent = await db.transaction().execute((trx) => (kind === 'confirm' ? sendConfirmation : sendInvite)(trx, links, user))
    if (!sent) return reply.code(429).send(errorPayload(429, MESSAGES.tooManyLinks))
    app.outboxRelay?.nudge()
    req.log.info({ userId: user.id, by: req.account!.id, kind }, 'confirmation resent by staff')
    return reply.code(202).send({ sent: kind })
  })

  app.post('/admin/users/:id/password-reset', { preHandler: staffOrAdmin, config: { audit: { action: 'user.password-reset', kind: 'user', recordIsPatient: true } }, schema }, async (req, reply) => {
    const user = await target(req.params.id, req.account!)
    if ('status' in user) return reply.code(user.status).send(errorPayload(user.status, user.message))
    const sent = await db.transaction().execute((trx) => sendPasswordReset(trx, links, user))
    if (!sent) return reply.code(429).send(errorPayload(429, MESSAGES.tooManyLinks))
    app.outboxRelay?.nudge()
    req.log.info({ userId: user.id, by: req.account!.id }, 'password reset link sent by staff')
    return reply.code(202).send({ sent: 'reset' })
  })
}
