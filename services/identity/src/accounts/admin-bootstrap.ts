import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { hashPassword } from '../passwords/hash.js'
import { passwordProblem } from '../passwords/policy.js'
import { findUserByEmail, insertUser, normalizeEmail, updateUser, type Db } from './users.js'

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

/** 24 random characters from an alphabet without look-alikes (about 137 bits). */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
  const bytes = randomBytes(48)
  let out = ''
  for (const b of bytes) {
    if (b >= 228) continue // 228 = 4 * 57: keeps the choice uniform
    out += alphabet[b % alphabet.length]
    if (out.length === 24) break
  }
  return out.length === 24 ? out : generatePassword()
}

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
    await sql`select pg_advisory_xact_lock(hashtext('identity.roles'))`.execute(trx)
    const admin = await trx.selectFrom('users').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst()
    if (admin) return { created: false }
    const existing = await findUserByEmail(trx, email)
    if (existing) {
      await updateUser(trx, existing.id, { role: 'admin', password_hash, email_verified_at: existing.email_verified_at ?? new Date() })
      await trx.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('user_id', '=', existing.id).where('revoked_at', 'is', null).execute()
    } else {
      await insertUser(trx, {
        email,
        role: 'admin',
        password_hash,
        email_verified_at: new Date(),
        first_name: 'Admin',
        last_name: null,
        phone: null,
        address_line1: null,
        address_line2: null,
        city: null,
        state: null,
        zip_code: null,
        preferred_location_uid: null,
        google_sub: null,
      })
    }
    return generatedPassword ? { created: true, email, generatedPassword } : { created: true, email }
  })
}
