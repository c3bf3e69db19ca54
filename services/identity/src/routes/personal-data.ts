import { erasureStatus, personalDataExport } from '@hearing/contracts'
import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { consumeOneTimeToken, peekOneTimeToken } from '../accounts/one-time-tokens.js'
import { accountInReach } from '../accounts/staff-reach.js'
import { isUuid, type UserRow } from '../accounts/users.js'
import type { Config } from '../config.js'
import type { Database, Db } from '../database.js'
import { emailLinks } from '../email/links.js'
import { sendDeletionLink } from '../email/send.js'
import { signedIn } from '../guards.js'
import { clearRefreshCookie, crossSiteGuard } from '../http.js'
import { MESSAGES } from '../messages.js'
import { deleteAccount, erasureView, findErasure, runErasure } from '../personal-data/erasure.js'
import { exportPersonalData } from '../personal-data/export.js'
import type { PersonalDataServices } from '../personal-data/services.js'

const idParams = z.object({ id: z.string().max(100) })
const tokenBody = z.strictObject({ token: z.string().min(1).max(200) })

/**
 * A person's own data: "Download my data" and "Delete my account" (confirmed through an
 * e-mailed link), and staff doing either on a patient's behalf (audited). Only customer accounts
 * are deleted here: staff and admins are first made customers by an admin.
 */
export const personalDataRoutes: RouteGroup<Database, { config: Config; services: PersonalDataServices }> = (app, { config, services }) => {
  const db = app.db
  const links = emailLinks(config)
  const signedInUser = signedIn(app)
  const staffOrAdmin = signedIn(app, 'staff', 'admin')
  const denied = { 401: errorBody, 403: errorBody }

  /** Identity's part now, the others' at once after the commit; the person is told where it stands. */
  async function erase(user: UserRow, requestedBy: 'patient' | 'staff', work: (trx: Db) => Promise<void> = async () => {}) {
    const id = await db.transaction().execute(async (trx) => {
      await work(trx)
      return deleteAccount(trx, user, requestedBy)
    })
    const row = await runErasure(db, services, id, app.log)
    return erasureView(row!)
  }

  app.get('/me/data', { preHandler: signedInUser, schema: { response: { 200: personalDataExport, ...denied } } }, async (req) => exportPersonalData(req.account!, services, req.log))

  app.post(
    '/me/deletion',
    { preHandler: signedInUser, schema: { response: { 202: z.object({ sent_to: z.string() }), 429: errorBody, ...denied } } },
    async (req, reply) => {
      const user = req.account!
      if (user.role !== 'customer') return reply.code(403).send(errorPayload(403, MESSAGES.deletionStaffAccount))
      const sent = await db.transaction().execute((trx) => sendDeletionLink(trx, links, user))
      if (!sent) return reply.code(429).send(errorPayload(429, MESSAGES.tooManyLinks))
      app.outboxRelay?.nudge()
      req.log.info({ userId: user.id }, 'account deletion link sent')
      return reply.code(202).send({ sent_to: user.email })
    },
  )

  // The e-mailed link's page posts its token: the account goes at once, the rest follows.
  app.post(
    '/account-deletion',
    { preHandler: crossSiteGuard(config), schema: { body: tokenBody, response: { 200: erasureStatus, 400: errorBody, 403: errorBody } } },
    async (req, reply) => {
      // Peeked first, then used up inside the deletion's transaction: a second click deletes nothing twice.
      const user = await peekOneTimeToken(db, req.body.token, 'erase')
      if (!user || user.role !== 'customer') return reply.code(400).send(errorPayload(400, MESSAGES.deletionLinkInvalid))
      const view = await erase(user, 'patient', async (trx) => {
        if ((await consumeOneTimeToken(trx, req.body.token, 'erase')) !== user.id) throw new DeletionLinkUsed()
      }).catch((err: unknown) => {
        if (err instanceof DeletionLinkUsed) return undefined
        throw err
      })
      if (!view) return reply.code(400).send(errorPayload(400, MESSAGES.deletionLinkInvalid))
      clearRefreshCookie(reply, config)
      req.log.info({ erasureId: view.id }, 'account deleted by its owner')
      return view
    },
  )

  // Where a deletion stands (the page polls while a service's part is still being retried): no personal data in it.
  app.get('/account-deletion/:id', { schema: { params: idParams, response: { 200: erasureStatus, 404: errorBody } } }, async (req, reply) => {
    const row = isUuid(req.params.id) ? await findErasure(db, req.params.id) : undefined
    if (!row) return reply.code(404).send(errorPayload(404, MESSAGES.deletionNotFound))
    return erasureView(row)
  })

  app.get(
    '/admin/users/:id/data',
    {
      preHandler: staffOrAdmin,
      config: { audit: { action: 'patient.data-export', kind: 'user', recordIsPatient: true } },
      schema: { params: idParams, response: { 200: personalDataExport, 404: errorBody, ...denied } },
    },
    async (req, reply) => {
      // Staff export a customer's data; an account of staff or an admin is an admin's business.
      const user = await accountInReach(db, req.params.id, req.account!)
      if ('status' in user) return reply.code(user.status).send(errorPayload(user.status, user.message))
      return exportPersonalData(user, services, req.log)
    },
  )

  app.post(
    '/admin/users/:id/erase',
    {
      preHandler: staffOrAdmin,
      config: { audit: { action: 'patient.erase', kind: 'user', recordIsPatient: true } },
      schema: { params: idParams, response: { 200: erasureStatus, 404: errorBody, 409: errorBody, ...denied } },
    },
    async (req, reply) => {
      const user = await accountInReach(db, req.params.id, req.account!)
      if ('status' in user) return reply.code(user.status).send(errorPayload(user.status, user.message))
      if (user.role !== 'customer') return reply.code(409).send(errorPayload(409, MESSAGES.deletionStaffAccount))
      const view = await erase(user, 'staff')
      req.log.info({ erasureId: view.id, userId: user.id, by: req.account!.id }, 'account deleted by staff on the patient\'s behalf')
      return view
    },
  )
}

/** The link was used meanwhile (a second click at the same moment): the transaction is undone. */
class DeletionLinkUsed extends Error {}
