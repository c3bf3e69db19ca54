import { clientAddress, errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { emailField, passwordField } from '../accounts/fields.js'
import { resetPassword } from '../accounts/link-actions.js'
import { peekOneTimeToken } from '../accounts/one-time-tokens.js'
import { findUserByEmail } from '../accounts/users.js'
import type { Config } from '../config.js'
import type { Database } from '../database.js'
import { emailLinks } from '../email/links.js'
import { sendPasswordReset } from '../email/send.js'
import { crossSiteGuard } from '../http.js'
import { MESSAGES } from '../messages.js'
import { hashPassword } from '../passwords/hash.js'
import { assertAcceptablePassword } from '../passwords/policy.js'
import { clearFailures, mailThrottle, throttleKey } from '../throttle.js'

/** "Forgot password?": a single-use link by e-mail, then a new password that ends every session. */
export const passwordResetRoutes: RouteGroup<Database, { config: Config }> = (app, { config }) => {
  const db = app.db
  const links = emailLinks(config)
  // Forms the site posts: refused when another site sends the request.
  app.addHook('preHandler', crossSiteGuard(config))

  app.post(
    '/password-reset/request',
    { schema: { body: z.object({ email: emailField }), response: { 202: z.object({ status: z.literal('sent_if_account_exists') }), 400: errorBody, 429: errorBody } } },
    async (req, reply) => {
      const wait = await mailThrottle(db, clientAddress(req), req.body.email)
      if (wait > 0) return reply.code(429).header('retry-after', String(wait)).send(errorPayload(429, MESSAGES.tooManyRequests))
      const user = await findUserByEmail(db, req.body.email)
      if (user) {
        const sent = await db.transaction().execute((trx) => sendPasswordReset(trx, links, user))
        // A committed e-mail is handed over at once rather than at the relay's next tick.
        if (sent) app.outboxRelay?.nudge()
      }
      // The same answer whether or not the address has an account.
      return reply.code(202).send({ status: 'sent_if_account_exists' })
    },
  )

  app.post(
    '/password-reset/complete',
    { schema: { body: z.object({ token: z.string().max(200), password: passwordField }), response: { 204: z.undefined(), 400: errorBody } } },
    async (req, reply) => {
      const { token, password } = req.body
      if (!(await peekOneTimeToken(db, token, 'reset'))) return reply.code(400).send(errorPayload(400, MESSAGES.resetLinkInvalid))
      assertAcceptablePassword(password)
      const user = await resetPassword(db, token, await hashPassword(password))
      if (!user) return reply.code(400).send(errorPayload(400, MESSAGES.resetLinkInvalid))
      await clearFailures(db, throttleKey('account', user.email))
      req.log.info({ userId: user.id }, 'password reset; every session ended')
      return reply.code(204).send()
    },
  )
}
