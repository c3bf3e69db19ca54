import { errorBody, errorPayload, type App } from '@hearing/service-kit'
import { z } from 'zod'
import { sendPasswordReset } from '../accounts/emails.js'
import { emailField, passwordField } from '../accounts/fields.js'
import { consumeOneTimeToken, peekOneTimeToken } from '../accounts/one-time-tokens.js'
import { revokeUserSessions } from '../accounts/sessions.js'
import { findUserByEmail, updateUser } from '../accounts/users.js'
import type { OutboxRelay } from '@hearing/service-kit'
import { clientAddress, crossSiteGuard, type Ctx } from '../http.js'
import { MESSAGES } from '../messages.js'
import { hashPassword } from '../passwords/hash.js'
import { assertAcceptablePassword } from '../passwords/policy.js'
import { clearFailures, mailThrottle, throttleKey } from '../throttle.js'

/** "Forgot password?": a single-use link by e-mail, then a new password that ends every session. */
export function passwordResetRoutes(app: App, ctx: Ctx, outbox: Pick<OutboxRelay, 'nudge'>) {
  const { db, config } = ctx

  app.post(
    '/password-reset/request',
    {
      preHandler: crossSiteGuard(config),
      schema: { body: z.object({ email: emailField }), response: { 202: z.object({ status: z.literal('sent_if_account_exists') }), 400: errorBody, 429: errorBody } },
    },
    async (req, reply) => {
      const wait = await mailThrottle(db, clientAddress(req), req.body.email)
      if (wait > 0) return reply.code(429).header('retry-after', String(wait)).send(errorPayload(429, MESSAGES.tooManyRequests))
      const user = await findUserByEmail(db, req.body.email)
      if (user) {
        const sent = await db.transaction().execute((trx) => sendPasswordReset(trx, config.PUBLIC_URL, user))
        if (sent) outbox.nudge()
      }
      // The same answer whether or not the address has an account.
      return reply.code(202).send({ status: 'sent_if_account_exists' })
    },
  )

  app.post(
    '/password-reset/complete',
    {
      preHandler: crossSiteGuard(config),
      schema: { body: z.object({ token: z.string().max(200), password: passwordField }), response: { 204: z.undefined(), 400: errorBody } },
    },
    async (req, reply) => {
      const { token, password } = req.body
      if (!(await peekOneTimeToken(db, token, 'reset'))) return reply.code(400).send(errorPayload(400, MESSAGES.resetLinkInvalid))
      assertAcceptablePassword(password)
      const password_hash = await hashPassword(password)
      const user = await db.transaction().execute(async (trx) => {
        const userId = await consumeOneTimeToken(trx, token, 'reset')
        if (!userId) return undefined
        const current = await trx.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirstOrThrow()
        // The link reached the mailbox, which is all a confirmation proves.
        const updated = await updateUser(trx, userId, { password_hash, email_verified_at: current.email_verified_at ?? new Date() })
        await revokeUserSessions(trx, userId)
        return updated
      })
      if (!user) return reply.code(400).send(errorPayload(400, MESSAGES.resetLinkInvalid))
      await clearFailures(db, throttleKey('account', user.email))
      req.log.info({ userId: user.id }, 'password reset; every session ended')
      return reply.code(204).send()
    },
  )
}
