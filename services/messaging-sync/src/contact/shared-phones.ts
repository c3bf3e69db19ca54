import { usPhoneE164 } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import type { Database } from '../database.js'

/**
 * Households share phones, and Podium upserts contacts by phone: a second account synced with the
 * same phone would rename the first one's contact (and take it over). So a phone belongs to the
 * first account whose contact is synced with it (contact_phones); a later account with that phone
 * is synced without it, as a contact of its own found by its e-mail address, and the household's
 * contact keeps its name. Resolves to the phone to sync the account's contact with: its own, or
 * undefined when the phone is another account's. An account's new phone replaces its old claim.
 */
export async function phoneToSync(db: Kysely<Database>, userId: string, phone: string | undefined): Promise<string | undefined> {
  const e164 = phone ? usPhoneE164(phone.trim()) : undefined
  // Not a phone the provider could key on: nothing to share.
  if (!e164) return phone
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('contact_phones').where('user_id', '=', userId).where('phone', '<>', e164).execute()
    // On conflict the row stays as it is (a no-op update, so that it is returned): whose it is.
    const owner = await trx
      .insertInto('contact_phones')
      .values({ phone: e164, user_id: userId })
      .onConflict((oc) => oc.column('phone').doUpdateSet({ phone: e164 }))
      .returning('user_id')
      .executeTakeFirstOrThrow()
    return owner.user_id === userId ? phone : undefined
  })
}

/** Whether the phone belongs to an account's contact at the provider (a message from it must not rename that contact). */
export async function phoneIsAnAccounts(db: Kysely<Database>, phone: string): Promise<boolean> {
  const e164 = usPhoneE164(phone.trim())
  if (!e164) return false
  return (await db.selectFrom('contact_phones').select('user_id').where('phone', '=', e164).executeTakeFirst()) !== undefined
}
