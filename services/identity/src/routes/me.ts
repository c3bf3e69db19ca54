import { patientLanguage, publicUser } from '@hearing/contracts'
import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { locationUidField, nameField, optionalText, passwordField, zipField } from '../accounts/fields.js'
import { familyOf, revokeUserSessions } from '../accounts/sessions.js'
import { toPublicUser, updateUser } from '../accounts/users.js'
import type { Database } from '../database.js'
import { signedIn } from '../guards.js'
import { refreshCookieOf } from '../http.js'
import { MESSAGES } from '../messages.js'
import { hashPassword, verifyPassword } from '../passwords/hash.js'
import { assertAcceptablePassword } from '../passwords/policy.js'
import { blockedFor, clearFailures, recordFailure, SIGN_IN_RULES, throttleKey } from '../throttle.js'

/**
 * What a signed-in user may change about themselves. Email and phone are read-only (the profile
 * page links to the contact form for those), and so is the role: a body naming any of them is a 400.
 */
const profilePatch = z.object({
  first_name: nameField.optional(),
  last_name: nameField.optional(),
  address_line1: optionalText(200).optional(),
  address_line2: optionalText(200).optional(),
  city: optionalText(100).optional(),
  state: optionalText(50).optional(),
  zip_code: zipField.nullable().or(z.literal('').transform(() => null)).optional(),
  preferred_location_uid: locationUidField.nullable().optional(),
  /** The language of the account's e-mails. */
  language: patientLanguage.optional(),
})

const passwordChange = z.object({ current_password: passwordField, new_password: passwordField })

/** The signed-in user's own account: read, profile changes, password change. */
export const meRoutes: RouteGroup<Database> = (app) => {
  const db = app.db
  const signedInUser = signedIn(app)

  app.get('/me', { preHandler: signedInUser, schema: { response: { 200: publicUser, 401: errorBody } } }, async (req) => toPublicUser(req.account!))

  app.patch('/me', { preHandler: signedInUser, schema: { body: profilePatch, response: { 200: publicUser, 400: errorBody, 401: errorBody } } }, async (req) => {
    const updated = await updateUser(db, req.account!.id, req.body)
    req.log.info({ userId: req.account!.id, fields: Object.keys(req.body) }, 'profile updated')
    return toPublicUser(updated ?? req.account!)
  })

  app.post(
    '/me/password',
    { preHandler: signedInUser, schema: { body: passwordChange, response: { 204: z.undefined(), 400: errorBody, 401: errorBody, 429: errorBody } } },
    async (req, reply) => {
      const account = req.account!
      const key = throttleKey('current-password', account.id)
      const wait = await blockedFor(db, key, SIGN_IN_RULES.currentPassword)
      if (wait > 0) return reply.code(429).header('retry-after', String(wait)).send(errorPayload(429, MESSAGES.tooManyAttempts))
      const ok = account.password_hash !== null && (await verifyPassword(req.body.current_password, account.password_hash))
      if (!ok) {
        await recordFailure(db, key, SIGN_IN_RULES.currentPassword)
        return reply.code(400).send(errorPayload(400, MESSAGES.currentPasswordWrong))
      }
      assertAcceptablePassword(req.body.new_password)
      const password_hash = await hashPassword(req.body.new_password)
      // This browser stays signed in; every other session ends.
      const keep = await familyOf(db, refreshCookieOf(req), account.id)
      await db.transaction().execute(async (trx) => {
        await updateUser(trx, account.id, { password_hash })
        await revokeUserSessions(trx, account.id, keep)
      })
      await clearFailures(db, key)
      req.log.info({ userId: account.id }, 'password changed; other sessions ended')
      return reply.code(204).send()
    },
  )
}
