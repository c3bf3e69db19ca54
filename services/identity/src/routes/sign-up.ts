import { DEFAULT_PATIENT_LANGUAGE, pathInLanguage, patientLanguage, type PatientLanguage } from '@hearing/contracts'
import { clientAddress, errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { addressBlock, emailField, greetingNameField, locationUidField, passwordField, phoneField } from '../accounts/fields.js'
import { confirmEmail } from '../accounts/link-actions.js'
import { wasUsed } from '../accounts/one-time-tokens.js'
import { EmailTakenError, findUserByEmail, insertUser } from '../accounts/users.js'
import type { Config } from '../config.js'
import type { Database } from '../database.js'
import { emailLinks } from '../email/links.js'
import { sendConfirmation } from '../email/send.js'
import { clientGone, crossSiteGuard, isSignUpBrowser, markSignUpBrowser, SIGN_UP_COOKIE, startSession } from '../http.js'
import { MESSAGES } from '../messages.js'
import { HasherBusyError, hashPassword } from '../passwords/hash.js'
import { assertAcceptablePassword } from '../passwords/policy.js'
import { mailThrottle, REQUEST_RULES, takeTurn, throttleKey } from '../throttle.js'

const signUpBody = z.object({
  first_name: greetingNameField,
  last_name: greetingNameField,
  email: emailField,
  phone: phoneField,
  password: passwordField,
  preferred_location_uid: locationUidField,
  /** Sent only when the street address is filled; the country is always US. */
  address: addressBlock.optional(),
  /** The language signed up in: the account's e-mails use it. */
  language: patientLanguage.optional(),
})

/** Sign-up, and sending the confirmation e-mail again. */
export const signUpRoutes: RouteGroup<Database, { config: Config }> = (app, { config }) => {
  const db = app.db
  const links = emailLinks(config)
  // Forms the site posts: refused when another site sends the request.
  app.addHook('preHandler', crossSiteGuard(config))

  app.post(
    '/sign-up',
    {
      schema: {
        body: signUpBody,
        response: { 201: z.object({ status: z.literal('confirmation_sent') }), 400: errorBody, 409: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (req, reply) => {
      const { password, address, ...fields } = req.body
      const wait = await takeTurn(db, [{ key: throttleKey('sign-up', clientAddress(req)), rule: REQUEST_RULES.signUpPerAddress }])
      if (wait > 0) {
        req.log.info({ reason: 'sign-up throttled' }, 'request rejected')
        return reply.code(429).header('retry-after', String(wait)).send(errorPayload(429, MESSAGES.tooManyRequests))
      }
      assertAcceptablePassword(password)
      // Refused requests never reach the hasher: a taken address is known without hashing.
      if (await findUserByEmail(db, fields.email)) return reply.code(409).send(errorPayload(409, MESSAGES.emailTaken))
      const password_hash = await hashPassword(password)
      // Whoever asked has gone (the gateway gave up): they were told it failed, so nothing is created.
      if (clientGone(req)) {
        req.log.warn({ reason: 'client gone before the account was created' }, 'sign-up abandoned')
        throw new HasherBusyError()
      }
      const signUpBrowser = markSignUpBrowser(reply, config)
      try {
        await db.transaction().execute(async (trx) => {
          const user = await insertUser(trx, {
            ...fields,
            password_hash,
            sign_up_browser: signUpBrowser,
            address_line1: address?.address_line1 ?? null,
            address_line2: address?.address_line2 ?? null,
            city: address?.city ?? null,
            state: address?.state ?? null,
            zip_code: address?.zip_code ?? null,
          })
          await sendConfirmation(trx, links, user)
        })
      } catch (err) {
        if (err instanceof EmailTakenError) return reply.code(409).send(errorPayload(409, MESSAGES.emailTaken))
        throw err
      }
      // A committed e-mail is handed over at once rather than at the relay's next tick.
      app.outboxRelay?.nudge()
      req.log.info('account created; confirmation e-mail queued')
      return reply.code(201).send({ status: 'confirmation_sent' })
    },
  )

  app.post(
    '/resend-confirmation',
    { schema: { body: z.object({ email: emailField }), response: { 202: z.object({ status: z.literal('sent_if_pending') }), 429: errorBody } } },
    async (req, reply) => {
      const wait = await mailThrottle(db, clientAddress(req), req.body.email)
      if (wait > 0) return reply.code(429).header('retry-after', String(wait)).send(errorPayload(429, MESSAGES.tooManyRequests))
      const user = await findUserByEmail(db, req.body.email)
      if (user && !user.email_verified_at) {
        const sent = await db.transaction().execute((trx) => sendConfirmation(trx, links, user))
        if (sent) app.outboxRelay?.nudge()
      }
      // The same answer whatever the address: nobody learns which accounts exist or are confirmed.
      return reply.code(202).send({ status: 'sent_if_pending' })
    },
  )
}

/** The confirmation e-mail's link: confirms the address, signs in the browser that signed up, and goes to the site. */
export const confirmEmailRoutes: RouteGroup<Database, { config: Config }> = (app, { config }) => {
  // A top-level navigation from a mail client, whose Referer is the mail client's site: only Origin is checked.
  app.addHook('preHandler', crossSiteGuard(config, { originOnly: true }))

  app.get(
    '/confirm-email',
    // lang: the site's language the e-mail was written in (a wrong one is ignored: the link still confirms).
    { schema: { querystring: z.object({ token: z.string().max(200).optional(), lang: patientLanguage.optional().catch(undefined) }) } },
    async (req, reply) => {
      const token = req.query.token ?? ''
      const page = (language: PatientLanguage | undefined, path: string) => pathInLanguage(language ?? req.query.lang ?? DEFAULT_PATIENT_LANGUAGE, path)
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      // Confirmed, and the messaging contact asked for, in one transaction.
      const { userId, user } = await confirmEmail(app.db, token)
      if (!userId) {
        // A second click on a link that worked: the account is confirmed, sign in as usual.
        const already = await wasUsed(app.db, token, 'confirm')
        return reply.redirect(page(undefined, already ? '/auth?confirm=already' : '/auth?confirm=invalid'), 302)
      }
      if (!user) return reply.redirect(page(undefined, '/auth?confirm=invalid'), 302)
      app.outboxRelay?.nudge()
      // Confirmed, but a deactivated account gets no session: signing in says why. Opened in another
      // browser than the one that signed up (someone else's link sent to a victim: login CSRF), the
      // address is confirmed and the password is what signs in.
      if (user.deactivated_at || !isSignUpBrowser(req, user.sign_up_browser)) return reply.redirect(page(user.language, '/auth?confirm=already'), 302)
      reply.clearCookie(SIGN_UP_COOKIE, { path: `${config.PUBLIC_API_PREFIX}/confirm-email` })
      await startSession(app, config, reply, user)
      req.log.info({ userId }, 'email confirmed; signed in')
      return reply.redirect(page(user.language, '/'), 302)
    },
  )
}
