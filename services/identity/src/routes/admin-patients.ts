import { adminUser, USERS_PAGE_SIZE, userPage, userSearchQuery } from '@hearing/contracts'
import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { deactivateAccount, reactivateAccount } from '../accounts/deactivation.js'
import { emailField, nameField, phoneField } from '../accounts/fields.js'
import { accountInReach, type Refusal } from '../accounts/staff-reach.js'
import { searchUsers } from '../accounts/user-search.js'
import { EmailTakenError, findUserByEmail, normalizeEmail, toAdminUser, updateUser } from '../accounts/users.js'
import type { Config } from '../config.js'
import type { Database } from '../database.js'
import { emailLinks } from '../email/links.js'
import { sendConfirmation, sendInvite } from '../email/send.js'
import { signedIn } from '../guards.js'
import { MESSAGES } from '../messages.js'

const idParams = z.object({ id: z.string().max(100) })

/** Contact details staff correct for a patient (the patient cannot: SPEC §2 "Profile"). Blank phone: none. */
const contactDetails = z
  .strictObject({
    first_name: nameField,
    last_name: nameField,
    phone: z
      .string()
      .trim()
      .max(30)
      .nullable()
      .transform((v) => v || null)
      .pipe(phoneField.nullable()),
    email: emailField,
  })
  .partial()

const refused = (reply: FastifyReply, { status, message }: Refusal) => reply.code(status).send(errorPayload(status, message))

/**
 * Staff's patient tools: the Users tab's search and pages, a patient's contact details
 * corrected, an account deactivated and reactivated. Staff act on customers, admins on anyone.
 */
export const adminPatientRoutes: RouteGroup<Database, { config: Config }> = (app, { config }) => {
  const db = app.db
  const links = emailLinks(config)
  const staffOrAdmin = signedIn(app, 'staff', 'admin')
  const denied = { 401: errorBody, 403: errorBody }
  const changeResponses = { 200: adminUser, 400: errorBody, 404: errorBody, 409: errorBody, ...denied }

  app.get(
    '/admin/users/search',
    { preHandler: staffOrAdmin, config: { audit: { action: 'user.list', kind: 'user' } }, schema: { querystring: userSearchQuery, response: { 200: userPage, 400: errorBody, ...denied } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const found = await searchUsers(db, { q: req.query.q, page: req.query.page, pageSize: USERS_PAGE_SIZE })
      req.auditFacts.detail = `page=${found.page}${req.query.q ? ' search' : ''}`
      return { users: found.rows.map(toAdminUser), page: found.page, page_size: USERS_PAGE_SIZE, total: found.total }
    },
  )

  app.patch(
    '/admin/users/:id',
    {
      preHandler: staffOrAdmin,
      bodyLimit: 8 * 1024,
      config: { audit: { action: 'user.update', kind: 'user', recordIsPatient: true } },
      schema: { params: idParams, body: contactDetails, response: changeResponses },
    },
    async (req, reply) => {
      const user = await accountInReach(db, req.params.id, req.account!)
      if ('status' in user) return refused(reply, user)
      const { email, ...rest } = req.body
      const newEmail = email !== undefined && normalizeEmail(email) !== user.email ? normalizeEmail(email) : undefined
      if (newEmail && (await findUserByEmail(db, newEmail))) return reply.code(409).send(errorPayload(409, MESSAGES.emailTaken))
      try {
        const { updated, sent } = await db.transaction().execute(async (trx) => {
          // A new address is unconfirmed until its owner follows the link sent to it (signing in waits for that).
          const row = (await updateUser(trx, user.id, { ...rest, ...(newEmail ? { email: newEmail, email_verified_at: null } : {}) }))!
          const mailed = newEmail ? await (row.password_hash ? sendConfirmation : sendInvite)(trx, links, row) : false
          return { updated: row, sent: mailed }
        })
        if (sent) app.outboxRelay?.nudge()
        const changed = [...Object.keys(rest), ...(newEmail ? ['email'] : [])]
        req.log.info({ userId: user.id, by: req.account!.id, changed }, 'contact details changed by staff')
        req.auditFacts.detail = changed.length ? `changed=${changed.join(',')}` : 'unchanged'
        return toAdminUser(updated)
      } catch (err) {
        // Someone took the address between the check and the update.
        if ((err as { code?: string }).code === '23505' || err instanceof EmailTakenError) return reply.code(409).send(errorPayload(409, MESSAGES.emailTaken))
        throw err
      }
    },
  )

  app.post(
    '/admin/users/:id/deactivate',
    { preHandler: staffOrAdmin, config: { audit: { action: 'user.deactivate', kind: 'user', recordIsPatient: true } }, schema: { params: idParams, response: changeResponses } },
    async (req, reply) => {
      const user = await accountInReach(db, req.params.id, req.account!)
      if ('status' in user) return refused(reply, user)
      const outcome = await deactivateAccount(db, user.id, req.account!.id)
      if ('refused' in outcome) {
        if (outcome.refused === 'missing') return reply.code(404).send(errorPayload(404, MESSAGES.userNotFound))
        return reply.code(409).send(errorPayload(409, outcome.refused === 'self' ? MESSAGES.selfDeactivation : MESSAGES.lastAdminDeactivated))
      }
      req.log.info({ userId: user.id, by: req.account!.id }, 'account deactivated')
      return toAdminUser(outcome.changed)
    },
  )

  app.post(
    '/admin/users/:id/reactivate',
    { preHandler: staffOrAdmin, config: { audit: { action: 'user.reactivate', kind: 'user', recordIsPatient: true } }, schema: { params: idParams, response: changeResponses } },
    async (req, reply) => {
      const user = await accountInReach(db, req.params.id, req.account!)
      if ('status' in user) return refused(reply, user)
      const updated = await reactivateAccount(db, user.id)
      if (!updated) return reply.code(404).send(errorPayload(404, MESSAGES.userNotFound))
      req.log.info({ userId: user.id, by: req.account!.id }, 'account reactivated')
      return toAdminUser(updated)
    },
  )
}
