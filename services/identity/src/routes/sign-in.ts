import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { passwordField } from '../accounts/fields.js'
import { findUserByEmail, normalizeEmail, updateUser } from '../accounts/users.js'
import type { Config } from '../config.js'
import type { Database } from '../database.js'
import { clientAddress, crossSiteGuard, sessionBody, startSession } from '../http.js'
import { EMAIL_NOT_CONFIRMED_CODE, MESSAGES } from '../messages.js'
import { burnVerification, hashPassword, needsRehash, verifyPassword } from '../passwords/hash.js'
import { trustDevice, trustedDeviceFor } from '../accounts/trusted-devices.js'
import { blockedFor, clearFailures, deviceWait, recordDeviceFailure, recordFailure, SIGN_IN_RULES, throttleKey } from '../throttle.js'

const signInBody = z.object({
  email: z.string().trim().min(1, 'is required').max(254),
  password: passwordField,
})

const notConfirmedBody = errorBody.extend({ code: z.literal(EMAIL_NOT_CONFIRMED_CODE) })

/** Sign-in with e-mail and password: throttled per account, address and trusted device. */
export const signInRoutes: RouteGroup<Database, { config: Config }> = (app, { config }) => {
  const db = app.db
  // It sets the session cookie: refused when another site sends the request.
  app.addHook('preHandler', crossSiteGuard(config))

  app.post(
    '/sign-in',
    {
      schema: { body: signInBody, response: { 200: sessionBody, 400: errorBody, 401: errorBody, 403: notConfirmedBody.or(errorBody), 429: errorBody } },
    },
    async (req, reply) => {
      const email = normalizeEmail(req.body.email)
      const keys = { account: throttleKey('account', email), address: throttleKey('address', clientAddress(req)) }
      // A browser that signed in to this account before has a throttle of its own, so guesses from
      // anywhere else (or from the same shared network) cannot lock the owner out of it.
      const device = await trustedDeviceFor(db, req, email)
      const deviceKey = device ? throttleKey('device', `${device}:${email}`) : undefined
      const wait = deviceKey
        ? await deviceWait(db, deviceKey)
        : Math.max(await blockedFor(db, keys.account, SIGN_IN_RULES.account), await blockedFor(db, keys.address, SIGN_IN_RULES.address))
      if (wait > 0) {
        req.log.info({ reason: 'sign-in throttled' }, 'request rejected')
        return reply.code(429).header('retry-after', String(wait)).send(errorPayload(429, MESSAGES.tooManyAttempts))
      }

      const user = await findUserByEmail(db, email)
      const ok = user?.password_hash ? await verifyPassword(req.body.password, user.password_hash) : await burnVerification(req.body.password)
      if (!user || !ok) {
        if (deviceKey) await recordDeviceFailure(db, deviceKey)
        else await Promise.all([recordFailure(db, keys.account, SIGN_IN_RULES.account), recordFailure(db, keys.address, SIGN_IN_RULES.address)])
        req.log.info({ reason: 'wrong credentials' }, 'sign-in refused')
        return reply.code(401).send(errorPayload(401, MESSAGES.invalidCredentials))
      }
      await clearFailures(db, keys.account)
      if (deviceKey) await clearFailures(db, deviceKey)
      // Told only to whoever knows the password, so it reveals nothing about which addresses exist.
      if (!user.email_verified_at) {
        return reply.code(403).send({ ...errorPayload(403, MESSAGES.emailNotConfirmed), code: EMAIL_NOT_CONFIRMED_CODE })
      }
      if (needsRehash(user.password_hash!)) await updateUser(db, user.id, { password_hash: await hashPassword(req.body.password) })
      req.log.info({ userId: user.id, trustedDevice: Boolean(device) }, 'signed in')
      await trustDevice(db, req, reply, user.id, config)
      return startSession(app, config, reply, user)
    },
  )
}
