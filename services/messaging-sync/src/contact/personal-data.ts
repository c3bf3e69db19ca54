import { payloadOfPerson, type PersonalDataHandlers, type SubjectKeys } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import type { Database } from '../database.js'
import type { MessagingProvider } from '../providers/provider.js'

/**
 * What messaging-sync holds about a person: their messages to the clinics (contact form,
 * booking and order messages), the e-mails and texts sent to them, what was shared with the messaging
 * provider, and the link to their provider contact. Erasure deletes all of it. A local contact
 * goes with it; Podium's API offers no way to delete a contact, so that one is reported as kept
 * for staff to remove in Podium by hand.
 */
export function messagingPersonalData(db: Kysely<Database>, provider: Pick<MessagingProvider, 'name'>, log: { warn(obj: object, msg: string): void }): PersonalDataHandlers {
  const deliveriesOf = (keys: SubjectKeys) =>
    db.selectFrom('deliveries').select(['topic', 'payload', 'status', 'created_at', 'delivered_at', 'language']).where(payloadOfPerson(keys)).orderBy('created_at', 'desc').execute()

  return {
    async exportFor(keys: SubjectKeys) {
      const rows = await deliveriesOf(keys)
      const of = (topic: string) => rows.filter((r) => r.topic === topic)
      const when = (r: (typeof rows)[number]) => ({ sent_at: r.created_at.toISOString(), status: r.status })
      const messages = of('message').map((r) => {
        const p = r.payload as Record<string, unknown>
        return { kind: p.kind, first_name: p.first_name, last_name: p.last_name, phone: p.phone, email: p.email ?? null, text: p.text, ...(r.language ? { language: r.language } : {}), ...when(r) }
      })
      const emails = of('email').map((r) => {
        const p = r.payload as Record<string, unknown>
        // An e-mail with a kind carries a secret link (confirm, reset...): its subject only.
        return { to: p.to, subject: p.subject, ...(p.kind ? { kind: p.kind } : { text: p.text }), ...when(r) }
      })
      // A text carries a cancel link: what it was and where it went, never its words.
      const texts = of('text').map((r) => {
        const p = r.payload as Record<string, unknown>
        return { kind: p.kind, phone: p.phone, ...when(r) }
      })
      const shared = [...of('contact'), ...of('appointment')].map((r) => ({ what: r.topic, details: r.payload, ...when(r) }))
      const links = await db.selectFrom('contact_links').select(['contact_id', 'last_synced']).where('user_id', '=', keys.userId).execute()
      return [
        { key: 'messages', title: 'Messages you sent us', records: messages },
        { key: 'emails', title: 'E-mails sent to you or about you', records: emails },
        { key: 'texts', title: 'Texts sent to your phone', records: texts },
        { key: 'provider-records', title: 'Shared with our messaging provider', records: shared },
        { key: 'messaging-contact', title: 'Your messaging contact', records: links.map((l) => ({ provider: provider.name, contact_id: l.contact_id, last_synced: l.last_synced.toISOString() })) },
      ]
    },
    eraseFor(keys: SubjectKeys) {
      return db.transaction().execute(async (trx) => {
        const deliveries = await trx.deleteFrom('deliveries').where(payloadOfPerson(keys)).executeTakeFirst()
        await trx.deleteFrom('contact_phones').where('user_id', '=', keys.userId).execute()
        const links = await trx.deleteFrom('contact_links').where('user_id', '=', keys.userId).returning('contact_id').execute()
        const atProvider = links.filter((l) => !l.contact_id.startsWith('local:'))
        // The provider's contact id only: nothing that names the person.
        if (atProvider.length > 0) log.warn({ provider: provider.name, contactIds: atProvider.map((l) => l.contact_id) }, 'erased account: remove this contact at the messaging provider by hand')
        return {
          erased: Number(deliveries.numDeletedRows) + links.length - atProvider.length,
          kept: atProvider.length > 0 ? [{ kind: 'provider-contact' as const, count: atProvider.length }] : [],
        }
      })
    },
  }
}
