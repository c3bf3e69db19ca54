import type { PatientLanguage } from '@hearing/contracts'
import type { Db } from '../database.js'
import type { GoogleIdentity } from '../google/provider.js'
import { EmailTakenError, findUserByEmail, findUserByGoogleSub, insertUser, updateUser, type UserRow } from './users.js'

/** Why a Google sign-in was refused; the page explains each. */
export type GoogleRefusal =
  /** Google does not vouch for the address. */
  | 'email_unverified'
  /** An account with that address exists but was never confirmed: linking could hand it to a squatter. */
  | 'account_unverified'
  /** The address's account is linked to another Google account. */
  | 'linked_elsewhere'

/**
 * Finds or creates the account of a Google identity. Keyed on Google's `sub`, never the address;
 * an existing account with the same address is linked only when both sides have verified it. A new
 * account takes the language of the page the sign-in started from; an existing one keeps its own.
 */
export async function accountForGoogle(db: Db, identity: GoogleIdentity, language: PatientLanguage): Promise<{ user: UserRow } | { refused: GoogleRefusal }> {
  const linked = await findUserByGoogleSub(db, identity.sub)
  if (linked) return { user: linked }
  if (!identity.email || !identity.emailVerified) return { refused: 'email_unverified' }

  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await findUserByEmail(db, identity.email)
    if (existing) {
      if (existing.google_sub && existing.google_sub !== identity.sub) return { refused: 'linked_elsewhere' }
      if (!existing.email_verified_at) return { refused: 'account_unverified' }
      const user = await updateUser(db, existing.id, { google_sub: identity.sub })
      return { user: user! }
    }
    try {
      const user = await insertUser(db, {
        email: identity.email,
        email_verified_at: new Date(),
        google_sub: identity.sub,
        first_name: identity.givenName ?? null,
        last_name: identity.familyName ?? null,
        language,
      })
      return { user }
    } catch (err) {
      // Someone signed up with this address a moment ago: look again.
      if (!(err instanceof EmailTakenError)) throw err
    }
  }
  return { refused: 'account_unverified' }
}
