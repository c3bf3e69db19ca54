import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { emailField, passwordField } from '../accounts/fields.js'
import { setUpAccount } from '../accounts/link-actions.js'
import { peekOneTimeToken } from '../accounts/one-time-tokens.js'
import type { Config } from '../config.js'
import type { Database } from '../database.js'
import { crossSiteGuard, sessionBody, startSession } from '../http.js'
import { MESSAGES } from '../messages.js'
import { hashPassword } from '../passwords/hash.js'
import { assertAcceptablePassword } from '../passwords/policy.js'

/** /setup-account?token=…: whose invite the link is (the page shows the address). Reads only: no cross-site guard. */
export const inviteRoutes: RouteGroup<Database> = (app) => {
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
      const user = await peekOneTimeToken(app.db, req.query.token ?? '', 'invite')
      if (!user) return reply.code(400).send(errorPayload(400, MESSAGES.setupLinkInvalid))
      return { email: user.email }
    },
  )
}

/** A patient the staff created chooses a password and is signed in. */
export const accountSetupRoutes: RouteGroup<Database, { config: Config }> = (app, { config }) => {
  const db = app.db
  // It sets the session cookie: refused when another site sends the request.
  app.addHook('preHandler', crossSiteGuard(config))

  app.post(
    '/account-setup',
    {
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
      const user = await setUpAccount(db, token, invited, await hashPassword(password))
      if (!user) return reply.code(400).send(errorPayload(400, MESSAGES.setupLinkInvalid))
      req.log.info({ userId: user.id }, 'account set up; signed in')
      return startSession(app, config, reply, user)
    },
  )
}
