import { eraseOutboxOfPerson, rowOfPerson, widenKeys, type PersonalDataHandlers, type SubjectKeys } from '@hearing/service-kit'
import { locationNameOf } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import type { Database } from './database.js'

/**
 * A person's order requests, sent signed in or out with their e-mail or phone. Those
 * that ended in a fitting are a sale the practice keeps for its accounts, without name or contact
 * details; the others are deleted.
 */
const personColumns = { userId: 'user_id', email: 'email', phone: 'phone' }

export function cataloguePersonalData(db: Kysely<Database>): PersonalDataHandlers {
  return {
    async exportFor(keys: SubjectKeys) {
      const rows = await db
        .selectFrom('order_requests')
        .select(['id', 'first_name', 'last_name', 'email', 'phone', 'location_uid', 'items', 'total_cents', 'status', 'created_at', 'language'])
        .where(rowOfPerson(keys, personColumns))
        .orderBy('created_at', 'desc')
        .execute()
      const records = rows.map(({ location_uid, created_at, ...row }) => ({ ...row, clinic: locationNameOf(location_uid) ?? location_uid, sent_at: created_at.toISOString() }))
      return [{ key: 'order-requests', title: 'Order requests', records }]
    },
    eraseFor(keys: SubjectKeys) {
      return db.transaction().execute(async (trx) => {
        // An order sent signed in may carry another address or phone: its e-mails went there.
        const used = await trx.selectFrom('order_requests').select(['email', 'phone']).where(rowOfPerson(keys, personColumns)).execute()
        const found = { emails: used.map((r) => r.email).filter(Boolean), phones: used.map((r) => r.phone).filter(Boolean) }
        // Staff's notes may name the person: they go, even on a sale the practice keeps.
        await trx
          .deleteFrom('order_notes')
          .where('order_id', 'in', trx.selectFrom('order_requests').select('id').where(rowOfPerson(keys, personColumns)))
          .execute()
        const kept = await trx
          .updateTable('order_requests')
          .set({ user_id: null, first_name: 'Former', last_name: 'customer', email: '', phone: '' })
          .where(rowOfPerson(keys, personColumns))
          .where('status', '=', 'fitted')
          .executeTakeFirst()
        const deleted = await trx.deleteFrom('order_requests').where(rowOfPerson(keys, personColumns)).where('status', '!=', 'fitted').executeTakeFirst()
        const outbox = await eraseOutboxOfPerson(trx, widenKeys(keys, found))
        const sales = Number(kept.numUpdatedRows)
        return { erased: Number(deleted.numDeletedRows) + outbox, kept: sales > 0 ? [{ kind: 'fitted-orders' as const, count: sales }] : [], found }
      })
    },
  }
}
