import { clinicByUid, locationName, PRACTICE_NAME, type MessagePayload } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import type { Database } from '../database.js'
import type { Channel } from '../delivery/channel.js'
import { oneLine } from '../email/headers.js'
import { insertDelivery } from '../delivery/store.js'
import type { MessageForwarder } from '../providers/channel.js'
import { loadClinicInboxes } from './clinic-inboxes.js'

const KIND_TEXT: Record<MessagePayload['kind'], string> = { contact: 'Contact form message', booking: 'Booking request', order: 'Order request' }

/**
 * With the local provider and an SMTP server, each patient message is also e-mailed to its
 * clinic's inbox, so staff need not watch the dashboard. The e-mail is a delivery of its own
 * (keyed by the message), retried by the e-mail channel; a repeated call adds nothing.
 */
export function clinicForwarder(db: Kysely<Database>, email: Channel, inboxes = loadClinicInboxes()): MessageForwarder {
  return async (message, deliveryId) => {
    const clinic = clinicByUid(message.location_uid)
    const inbox = inboxes.get(message.location_uid)
    if (!clinic || !inbox) return
    const name = `${message.first_name} ${message.last_name}`.trim()
    const row = await insertDelivery(db, {
      source: 'messaging-sync',
      key: `clinic-forward:${deliveryId}`,
      topic: 'email',
      payload: {
        to: inbox,
        // Names come from visitors: the subject is made one line whatever they contain.
        subject: oneLine(`${KIND_TEXT[message.kind]} from ${name} (${locationName(clinic)})`, 300),
        text: [`${KIND_TEXT[message.kind]} for ${PRACTICE_NAME} – ${locationName(clinic)}`, `Phone: ${message.phone}`, ...(message.email ? [`E-mail: ${message.email}`] : []), '', message.text].join('\n'),
      },
    })
    if (row.created) await email.enqueue(row.id)
  }
}
