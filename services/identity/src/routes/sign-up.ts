import { errorBody, errorPayload, type App } from '@hearing/service-kit'
import { z } from 'zod'
import { sendConfirmation } from '../accounts/emails.js'
import { addMessagingContact } from '../accounts/messaging-contact.js'
import { addressBlock, emailField, locationUidField, nameField, passwordField, phoneField } from '../accounts/fields.js'
import { consumeOneTimeToken, wasUsed } from '../accounts/one-time-tokens.js'
import { EmailTakenError, findUserByEmail, findUserById, insertUser, updateUser } from '../accounts/users.js'
import type { OutboxRelay } from '@hearing/service-kit'
import { clientAddress, crossSiteGuard, startSession, type Ctx } from '../http.js'
import { MESSAGES } from '../messages.js'
import { hashPassword } from '../passwords/hash.js'
import { assertAcceptablePassword } from '../passwords/policy.js'
import { mailThrottle, REQUEST_RULES, takeTurn, throttleKey } from '../throttle.js'

const signUpBody = z.object({
  first_name: nameField,
  last_name: nameField,
  email: emailField,
  phone: phoneField,
  password: passwordField,
  preferred_location_uid: locationUidField,
  /** Sent only when the street address is filled; the country is always US. */
  address: addressBlock.optional(),
})

/** Sign-up, the confirmation e-mail's link, and sending that e-mail again. */
export function signUpRoutes(app: App, ctx: Ctx, outbox: Pick<OutboxRelay, 'nudge'>) {
  const { db, config } = ctx

  app.post(
    '/sign-up',
    {
      preHandler: crossSiteGuard(config),
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
      try {
        await db.transaction().execute(async (trx) => {
          const user = await insertUser(trx, {
            ...fields,
            password_hash,
            address_line1: address?.address_line1 ?? null,
            address_line2: address?.address_line2 ?? null,
            city: address?.city ?? null,
            state: address?.state ?? null,
            zip_code: address?.zip_code ?? null,
          })
          await sendConfirmation(trx, config.PUBLIC_URL, user)
        })
      } catch (err) {
        if (err instanceof EmailTakenError) return reply.code(409).send(errorPayload(409, MESSAGES.emailTaken))
        throw err
      }
      outbox.nudge()
      req.log.info('account created; confirmation e-mail queued')
      return reply.code(201).send({ status: 'confirmation_sent' })
    },
  )

  // The link in the e-mail: a top-level navigation from a mail client, so only Origin is checked.
  app.get(
    '/confirm-email',
    { preHandler: crossSiteGuard(config, { originOnly: true }), schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
    async (req, reply) => {
      const token = req.query.token ?? ''
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      // Confirmed, and the messaging contact asked for, in one transaction.
      const confirmed = await db.transaction().execute(async (trx) => {
        const userId = await consumeOneTimeToken(trx, token, 'confirm')
        if (!userId) return { userId }
        const existing = await findUserById(trx, userId)
        const user = existing?.email_verified_at ? existing : await updateUser(trx, userId, { email_verified_at: new Date() })
        if (user) await addMessagingContact(trx, user)
        return { userId, user }
      })
      const { userId, user } = confirmed
      if (!userId) {
        // A second click on a link that worked: the account is confirmed, sign in as usual.
        const already = await wasUsed(db, token, 'confirm')
        return reply.redirect(already ? '/auth?confirm=already' : '/auth?confirm=invalid', 302)
      }
      if (!user) return reply.redirect('/auth?confirm=invalid', 302)
      outbox.nudge()
      await startSession(ctx, reply, user)
      req.log.info({ userId }, 'email confirmed; signed in')
      return reply.redirect('/', 302)
    },
  )

  app.post(
    '/resend-confirmation',
    {
      preHandler: crossSiteGuard(config),
      schema: { body: z.object({ email: emailField }), response: { 202: z.object({ status: z.literal('sent_if_pending') }), 429: errorBody } },
    },
    async (req, reply) => {
      const wait = await mailThrottle(db, clientAddress(req), req.body.email)
      if (wait > 0) return reply.code(429).header('retry-after', String(wait)).send(errorPayload(429, MESSAGES.tooManyRequests))
      const user = await findUserByEmail(db, req.body.email)
      if (user && !user.email_verified_at) {
        const sent = await db.transaction().execute((trx) => sendConfirmation(trx, config.PUBLIC_URL, user))
        if (sent) outbox.nudge()
      }
      // The same answer whatever the address: nobody learns which accounts exist or are confirmed.
      return reply.code(202).send({ status: 'sent_if_pending' })
    },
  )
}
