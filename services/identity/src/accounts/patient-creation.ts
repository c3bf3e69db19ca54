import type { Db } from '../database.js'
import { verifyPassword } from '../passwords/hash.js'
import type { UserRow } from './users.js'

/** How long after a creation its retry is recognised (a timed-out request retried by staff). */
export const CREATION_RETRY_WINDOW_MS = 15 * 60_000

export interface PatientRequest {
  first_name: string
  last_name: string
  phone?: string
  password?: string
}

/**
 * Whether `existing` is what this same creation request made a moment ago.
 * Same names and phone, a customer created within the window who has never signed in, and the same
 * kind of password: none (an invitation) or the very one given. Never signed in keeps the password
 * check from being an oracle on anybody's real account.
 */
export async function isRetryOfCreation(db: Db, existing: UserRow, request: PatientRequest, now = Date.now()): Promise<boolean> {
  if (existing.role !== 'customer' || now - existing.created_at.getTime() > CREATION_RETRY_WINDOW_MS) return false
  if (existing.first_name !== request.first_name || existing.last_name !== request.last_name || existing.phone !== (request.phone ?? null)) return false
  const session = await db.selectFrom('refresh_tokens').select('id').where('user_id', '=', existing.id).limit(1).executeTakeFirst()
  if (session) return false
  if (request.password === undefined) return existing.password_hash === null && existing.email_verified_at === null
  return existing.password_hash !== null && (await verifyPassword(request.password, existing.password_hash))
}
