import { errorBody, errorPayload, type App } from '@hearing/service-kit'
import { z } from 'zod'
import { emailField, passwordField } from '../accounts/fields.js'
import { consumeOneTimeToken, peekOneTimeToken } from '../accounts/one-time-tokens.js'
import { updateUser } from '../accounts/users.js'
import { crossSiteGuard, sessionBody, startSession, type Ctx } from '../http.js'
import { MESSAGES } from '../messages.js'
import { hashPassword } from '../passwords/hash.js'
import { assertAcceptablePassword } from '../passwords/policy.js'

/** /setup-account?token=…: a patient the staff created chooses a password and is signed in. */
export function accountSetupRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx

  app.get(
    '/account-setup',
    {
      schema: {
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 200: z.object({ email: z.string() }), 400: errorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await peekOneTimeToken(db, req.query.token ?? '', 'invite')
      if (!user) return reply.code(400).send(errorPayload(400, MESSAGES.setupLinkInvalid))
      return { email: user.email }
    },
  )

  app.post(
    '/account-setup',
    {
      preHandler: crossSiteGuard(config),
      schema: {
        body: z.object({ token: z.string().max(200), email: emailField, password: passwordField }),
        response: { 200: sessionBody, 400: errorBody },
      },
    },
    async (req, reply) => {
      const { token, email, password } = req.body
      const invited = await peekOneTimeToken(db, token, 'invite')
      if (!invited) return reply.code(400).send(errorPayload(400, MESSAGES.setupLinkInvalid))
      if (invited.email !== email) return reply.code(400).send(errorPayload(400, MESSAGES.setupEmailMismatch))
      assertAcceptablePassword(password)
      const password_hash = await hashPassword(password)
      const user = await db.transaction().execute(async (trx) => {
        const userId = await consumeOneTimeToken(trx, token, 'invite')
        if (userId !== invited.id) return undefined
        return updateUser(trx, userId, { password_hash, email_verified_at: invited.email_verified_at ?? new Date() })
      })
      if (!user) return reply.code(400).send(errorPayload(400, MESSAGES.setupLinkInvalid))
      req.log.info({ userId: user.id }, 'account set up; signed in')
      return startSession(ctx, reply, user)
    },
  )
}
