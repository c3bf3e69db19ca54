import { generatePassword } from '../crypto.js'
import type { Db } from '../database.js'
import { hashPassword } from '../passwords/hash.js'
import { passwordProblem } from '../passwords/policy.js'
import { lockAdmins } from './roles.js'
import { revokeUserSessions } from './sessions.js'
import { findUserByEmail, insertUser, normalizeEmail, updateUser } from './users.js'

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com'

export interface BootstrapInput {
  email?: string
  password?: string
}

export type BootstrapResult =
  /** An admin exists already: nothing was done. */
  | { created: false }
  /** `password` is set only when it was generated (it is shown once, then never again). */
  | { created: true; email: string; generatedPassword?: string }

export class BootstrapError extends Error {}

/**
 * Makes sure the platform has an admin. When none exists, creates one (confirmed) from the given
 * e-mail and password, or admin@example.com and/or a generated password. A user who already has
 * that e-mail is promoted instead. Replicas or launchers running it at once serialise on a lock.
 */
export async function bootstrapAdmin(db: Db, input: BootstrapInput): Promise<BootstrapResult> {
  if (input.password !== undefined) {
    const problem = passwordProblem(input.password)
    if (problem) throw new BootstrapError(`ADMIN_PASSWORD: ${problem}`)
  }
  const email = normalizeEmail(input.email ?? DEFAULT_ADMIN_EMAIL)
  const generatedPassword = input.password === undefined ? generatePassword() : undefined
  const password_hash = await hashPassword(input.password ?? generatedPassword!)
  return db.transaction().execute(async (trx) => {
    if ((await lockAdmins(trx)) > 0) return { created: false }
    const existing = await findUserByEmail(trx, email)
    if (existing) {
      await updateUser(trx, existing.id, { role: 'admin', password_hash, email_verified_at: existing.email_verified_at ?? new Date(), deactivated_at: null })
      await revokeUserSessions(trx, existing.id)
    } else {
      await insertUser(trx, {
        email,
        role: 'admin',
        password_hash,
        email_verified_at: new Date(),
        first_name: 'Admin',
      })
    }
    return generatedPassword ? { created: true, email, generatedPassword } : { created: true, email }
  })
}
