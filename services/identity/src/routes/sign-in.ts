import { clientAddress, errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { passwordField } from '../accounts/fields.js'
import { findUserByEmail, normalizeEmail, updateUser } from '../accounts/users.js'
import type { Config } from '../config.js'
import type { Database } from '../database.js'
import { auditStaffSignIn, crossSiteGuard, sessionBody, startSession } from '../http.js'
import { ACCOUNT_DEACTIVATED_CODE, EMAIL_NOT_CONFIRMED_CODE, MESSAGES } from '../messages.js'
import { burnVerification, HasherBusyError, hashPassword, needsRehash, verifyPassword } from '../passwords/hash.js'
import { isKnownAddress, rememberAddress } from '../accounts/known-addresses.js'
import { trustDevice, trustedDeviceFor } from '../accounts/trusted-devices.js'
import { blockedFor, clearFailures, deviceWait, recordDeviceFailure, recordFailure, SIGN_IN_RULES, throttleKey } from '../throttle.js'

const signInBody = z.object({
  email: z.string().trim().min(1, 'is required').max(254),
  password: passwordField,
})

const notConfirmedBody = errorBody.extend({ code: z.enum([EMAIL_NOT_CONFIRMED_CODE, ACCOUNT_DEACTIVATED_CODE]) })

/** Sign-in with e-mail and password: throttled per account, address and trusted device. */
export const signInRoutes: RouteGroup<Database, { config: Config }> = (app, { config }) => {
  const db = app.db
  // It sets the session cookie: refused when another site sends the request.
  app.addHook('preHandler', crossSiteGuard(config))

  app.post(
    '/sign-in',
    {
      schema: { body: signInBody, response: { 200: sessionBody, 400: errorBody, 401: errorBody, 403: notConfirmedBody.or(errorBody), 429: errorBody, 503: errorBody } },
    },
    async (req, reply) => {
      const email = normalizeEmail(req.body.email)
      const address = clientAddress(req)
      const keys = { pair: throttleKey('pair', `${email} ${address}`), address: throttleKey('address', address), account: throttleKey('account', email) }
      // A browser that signed in to this account before has a throttle of its own, so guesses from
      // anywhere else (or from the same shared network) cannot lock the owner out of it.
      const device = await trustedDeviceFor(db, req, email)
      // Likewise at an address it signed in from: only that address's own guesses count there.
      const scopes = (await isKnownAddress(db, email, address)) ? (['pair', 'address'] as const) : (['pair', 'address', 'account'] as const)
      const deviceKey = device ? throttleKey('device', `${device}:${email}`) : undefined
      const wait = deviceKey
        ? await deviceWait(db, deviceKey)
        : Math.max(...(await Promise.all(scopes.map((scope) => blockedFor(db, keys[scope], SIGN_IN_RULES[scope])))))
      if (wait > 0) {
        req.log.info({ reason: 'sign-in throttled' }, 'request rejected')
        return reply.code(429).header('retry-after', String(wait)).send(errorPayload(429, MESSAGES.tooManyAttempts))
      }

      const user = await findUserByEmail(db, email)
      const ok = user?.password_hash ? await verifyPassword(req.body.password, user.password_hash) : await burnVerification(req.body.password)
      if (!user || !ok) {
        if (deviceKey) await recordDeviceFailure(db, deviceKey)
        else {
          const [fromHere] = await Promise.all([recordFailure(db, keys.pair, SIGN_IN_RULES.pair), recordFailure(db, keys.address, SIGN_IN_RULES.address)])
          // The account counts failing addresses, not guesses: one address is held back by its own limits.
          if (fromHere === 1) await recordFailure(db, keys.account, SIGN_IN_RULES.account)
        }
        req.log.info({ reason: 'wrong credentials' }, 'sign-in refused')
        // An address that matches no account names no one: nothing to attribute.
        if (user) auditStaffSignIn(app.audit, req, user, { failure: 'wrong password' })
        return reply.code(401).send(errorPayload(401, MESSAGES.invalidCredentials))
      }
      await clearFailures(db, keys.pair)
      if (deviceKey) await clearFailures(db, deviceKey)
      // Told only to whoever knows the password, so it reveals nothing about which addresses exist.
      if (user.deactivated_at) {
        req.log.info({ userId: user.id }, 'sign-in refused: account deactivated')
        return reply.code(403).send({ ...errorPayload(403, MESSAGES.accountDeactivated), code: ACCOUNT_DEACTIVATED_CODE })
      }
      if (!user.email_verified_at) {
        return reply.code(403).send({ ...errorPayload(403, MESSAGES.emailNotConfirmed), code: EMAIL_NOT_CONFIRMED_CODE })
      }
      // Upgrading an old hash is worth a new-password slot only when one is free: never a reason to refuse.
      if (needsRehash(user.password_hash!)) {
        await hashPassword(req.body.password)
          .then((password_hash) => updateUser(db, user.id, { password_hash }))
          .catch((err: unknown) => {
            if (!(err instanceof HasherBusyError)) throw err
          })
      }
      req.log.info({ userId: user.id, trustedDevice: Boolean(device) }, 'signed in')
      await trustDevice(db, req, reply, user.id, config)
      await rememberAddress(db, user.id, email, address)
      return startSession(app, config, reply, user)
    },
  )
}
