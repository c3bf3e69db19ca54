import { adminUser, patientLanguage, publicUser } from '@hearing/contracts'
import { errorBody, errorPayload, ROLES, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { emailField, nameField, passwordField, phoneField } from '../accounts/fields.js'
import { isRetryOfCreation } from '../accounts/patient-creation.js'
import { changeRole } from '../accounts/roles.js'
import { EmailTakenError, findUserByEmail, findUserById, insertUser, listUsers, toAdminUser, toPublicUser } from '../accounts/users.js'
import type { Config } from '../config.js'
import type { Database } from '../database.js'
import { emailLinks } from '../email/links.js'
import { sendInvite } from '../email/send.js'
import { signedIn } from '../guards.js'
import { MESSAGES } from '../messages.js'
import { hashPassword } from '../passwords/hash.js'
import { assertAcceptablePassword } from '../passwords/policy.js'

const roleField = z.enum(ROLES)
const idParams = z.object({ id: z.string().max(100) })

const newPatient = z.object({
  first_name: nameField,
  last_name: nameField,
  phone: phoneField.optional(),
  email: emailField,
  /** A temporary password: the account is ready at once. Without it the patient gets an invite e-mail. */
  password: passwordField.optional(),
  /** The language of the patient's e-mails, the invitation first; English when left out. */
  language: patientLanguage.optional(),
})

/** The admin dashboard's users tab, and patient creation for the scheduling tools. */
export const adminUserRoutes: RouteGroup<Database, { config: Config }> = (app, { config }) => {
  const db = app.db
  const links = emailLinks(config)
  const staffOrAdmin = signedIn(app, 'staff', 'admin')
  const adminOnly = signedIn(app, 'admin')
  const denied = { 401: errorBody, 403: errorBody }

  app.get(
    '/admin/users',
    {
      preHandler: staffOrAdmin,
      config: { audit: { action: 'user.list', kind: 'user' } },
      schema: { querystring: z.object({ role: roleField.optional() }), response: { 200: z.array(publicUser), ...denied } },
    },
    async (req) => (await listUsers(db, req.query.role)).map(toPublicUser),
  )

  app.get(
    '/admin/users/:id',
    { preHandler: staffOrAdmin, config: { audit: { action: 'user.read', kind: 'user', recordIsPatient: true } }, schema: { params: idParams, response: { 200: adminUser, 404: errorBody, ...denied } } },
    async (req, reply) => {
      const user = await findUserById(db, req.params.id)
      if (!user) return reply.code(404).send(errorPayload(404, MESSAGES.userNotFound))
      return toAdminUser(user)
    },
  )

  app.patch(
    '/admin/users/:id/role',
    {
      preHandler: adminOnly,
      config: { audit: { action: 'user.role', kind: 'user', recordIsPatient: true } },
      schema: { params: idParams, body: z.object({ role: roleField }), response: { 200: publicUser, 400: errorBody, 404: errorBody, 409: errorBody, ...denied } },
    },
    async (req, reply) => {
      const { role } = req.body
      const outcome = await changeRole(db, req.params.id, role)
      if ('refused' in outcome) {
        return outcome.refused === 'missing' ? reply.code(404).send(errorPayload(404, MESSAGES.userNotFound)) : reply.code(409).send(errorPayload(409, MESSAGES.lastAdmin))
      }
      req.log.info({ userId: outcome.changed.id, role, by: req.account!.id }, 'role changed')
      req.auditFacts.detail = `role=${role}`
      return toPublicUser(outcome.changed)
    },
  )

  app.post(
    '/admin/patients',
    { preHandler: staffOrAdmin, config: { audit: { action: 'patient.create', kind: 'user' } }, schema: { body: newPatient, response: { 200: publicUser, 201: publicUser, 400: errorBody, 409: errorBody, ...denied } } },
    async (req, reply) => {
      const { password, ...fields } = req.body
      // A retry of a creation that already committed (its first answer lost to a timeout) gets the
      // account, 200; any other existing address is a conflict.
      const alreadyThere = async () => {
        const existing = await findUserByEmail(db, fields.email)
        if (!existing) return null
        if (await isRetryOfCreation(db, existing, req.body)) return reply.code(200).send(toPublicUser(existing))
        return reply.code(409).send(errorPayload(409, MESSAGES.emailTaken))
      }
      const answered = await alreadyThere()
      if (answered) return answered
      let password_hash: string | null = null
      if (password !== undefined) {
        assertAcceptablePassword(password)
        // The slow part (a scrypt hash in the hasher's `new` lane: bounded wait, then ~0.25 s, seconds
        // on a loaded machine). It runs before the transaction, so no row lock is held meanwhile.
        password_hash = await hashPassword(password)
      }
      try {
        const user = await db.transaction().execute(async (trx) => {
          const created = await insertUser(trx, {
            ...fields,
            phone: fields.phone ?? null,
            password_hash,
            // With a temporary password staff vouch for the address; otherwise the invite confirms it.
            email_verified_at: password_hash ? new Date() : null,
          })
          // The invitation is an outbox row in this transaction: sending happens later, never inline.
          if (!password_hash) await sendInvite(trx, links, created)
          return created
        })
        // A committed e-mail is handed over at once rather than at the relay's next tick.
        if (!password_hash) app.outboxRelay?.nudge()
        req.log.info({ userId: user.id, by: req.account!.id, invited: !password_hash }, 'patient account created')
        req.auditFacts.recordId = req.auditFacts.patientId = user.id
        return reply.code(201).send(toPublicUser(user))
      } catch (err) {
        // The same request twice at once (a double click, a client retry): the second finds the first's account.
        if (err instanceof EmailTakenError) return (await alreadyThere()) ?? reply.code(409).send(errorPayload(409, MESSAGES.emailTaken))
        throw err
      }
    },
  )
}
