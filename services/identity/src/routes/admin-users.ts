import { errorBody, errorPayload, ROLES, type App, type Role } from '@hearing/service-kit'
import { sql } from 'kysely'
import { z } from 'zod'
import { sendInvite } from '../accounts/emails.js'
import { emailField, nameField, passwordField, phoneField } from '../accounts/fields.js'
import { revokeUserSessions } from '../accounts/sessions.js'
import { EmailTakenError, findUserByEmail, findUserById, insertUser, publicUser, toPublicUser, updateUser } from '../accounts/users.js'
import type { OutboxRelay } from '@hearing/service-kit'
import { signedIn } from '../guards.js'
import type { Ctx } from '../http.js'
import { MESSAGES } from '../messages.js'
import { hashPassword } from '../passwords/hash.js'
import { assertAcceptablePassword } from '../passwords/policy.js'

const roleField = z.enum(ROLES as [Role, ...Role[]])
const idParams = z.object({ id: z.string().max(100) })

const newPatient = z.object({
  first_name: nameField,
  last_name: nameField,
  phone: phoneField.optional(),
  email: emailField,
  /** A temporary password: the account is ready at once. Without it the patient gets an invite e-mail. */
  password: passwordField.optional(),
})

/** The admin dashboard's users tab, and patient creation for the scheduling tools. */
export function adminUserRoutes(app: App, ctx: Ctx, outbox: Pick<OutboxRelay, 'nudge'>) {
  const { db, config } = ctx
  const staffOrAdmin = signedIn(app, db, 'staff', 'admin')
  const adminOnly = signedIn(app, db, 'admin')
  const denied = { 401: errorBody, 403: errorBody }

  app.get(
    '/admin/users',
    {
      preHandler: staffOrAdmin,
      schema: { querystring: z.object({ role: roleField.optional() }), response: { 200: z.array(publicUser), ...denied } },
    },
    async (req) => {
      let query = db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id')
      if (req.query.role) query = query.where('role', '=', req.query.role)
      return (await query.execute()).map(toPublicUser)
    },
  )

  app.get(
    '/admin/users/:id',
    { preHandler: staffOrAdmin, schema: { params: idParams, response: { 200: publicUser, 404: errorBody, ...denied } } },
    async (req, reply) => {
      const user = await findUserById(db, req.params.id)
      if (!user) return reply.code(404).send(errorPayload(404, MESSAGES.userNotFound))
      return toPublicUser(user)
    },
  )

  app.patch(
    '/admin/users/:id/role',
    {
      preHandler: adminOnly,
      schema: { params: idParams, body: z.object({ role: roleField }), response: { 200: publicUser, 400: errorBody, 404: errorBody, 409: errorBody, ...denied } },
    },
    async (req, reply) => {
      const { role } = req.body
      const outcome = await db.transaction().execute(async (trx) => {
        // Serialises role changes, so two admins demoting each other cannot leave none.
        await sql`select pg_advisory_xact_lock(hashtext('identity.roles'))`.execute(trx)
        const target = await findUserById(trx, req.params.id)
        if (!target) return 'missing' as const
        if (target.role === role) return target
        if (target.role === 'admin') {
          const { n } = await trx.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).where('role', '=', 'admin').executeTakeFirstOrThrow()
          if (n <= 1) return 'last-admin' as const
        }
        const updated = await updateUser(trx, target.id, { role })
        // The new role must be picked up: every session of that user ends.
        await revokeUserSessions(trx, target.id)
        return updated!
      })
      if (outcome === 'missing') return reply.code(404).send(errorPayload(404, MESSAGES.userNotFound))
      if (outcome === 'last-admin') return reply.code(409).send(errorPayload(409, MESSAGES.lastAdmin))
      req.log.info({ userId: outcome.id, role, by: req.account!.id }, 'role changed')
      return toPublicUser(outcome)
    },
  )

  app.post(
    '/admin/patients',
    { preHandler: staffOrAdmin, schema: { body: newPatient, response: { 201: publicUser, 400: errorBody, 409: errorBody, ...denied } } },
    async (req, reply) => {
      const { password, ...fields } = req.body
      if (await findUserByEmail(db, fields.email)) return reply.code(409).send(errorPayload(409, MESSAGES.emailTaken))
      let password_hash: string | null = null
      if (password !== undefined) {
        assertAcceptablePassword(password)
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
          if (!password_hash) await sendInvite(trx, config.PUBLIC_URL, created)
          return created
        })
        if (!password_hash) outbox.nudge()
        req.log.info({ userId: user.id, by: req.account!.id, invited: !password_hash }, 'patient account created')
        return reply.code(201).send(toPublicUser(user))
      } catch (err) {
        if (err instanceof EmailTakenError) return reply.code(409).send(errorPayload(409, MESSAGES.emailTaken))
        throw err
      }
    },
  )
}
