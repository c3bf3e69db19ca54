import type { Db } from '../database.js'
import { throttleKey } from '../throttle.js'

/**
 * Client addresses an account has signed in from (kept hashed with the account's e-mail). Guesses
 * from everywhere else can throttle the account, but not for its owner at an address they use:
 * their own limit there is the one for that account and address alone.
 */
export const KNOWN_ADDRESS_TTL_DAYS = 90

const keyOf = (email: string, address: string) => throttleKey('known', `${email} ${address}`)

export async function isKnownAddress(db: Db, email: string, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('known_addresses')
    .select('key')
    .where('key', '=', keyOf(email, address))
    .where('last_used_at', '>', new Date(Date.now() - KNOWN_ADDRESS_TTL_DAYS * 86_400_000))
    .executeTakeFirst()
  return row !== undefined
}

/** After a successful sign-in from the address. */
export async function rememberAddress(db: Db, userId: string, email: string, address: string): Promise<void> {
  await db
    .insertInto('known_addresses')
    .values({ key: keyOf(email, address), user_id: userId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ last_used_at: new Date(), user_id: userId }))
    .execute()
}
