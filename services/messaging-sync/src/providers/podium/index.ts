import { usPhoneE164 } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import type { Database } from '../../database.js'
import { PermanentDeliveryError } from '../../delivery/channel.js'
import type { AppointmentPayload } from '@hearing/contracts'
import type { Location, MessagingProvider } from '../provider.js'
import type { PodiumClient } from './client.js'

interface PodiumLocation {
  uid: string
  name: string
  displayName?: string | null
  archived?: boolean
}

/** How long the match of our clinics to Podium's locations is trusted. */
const LOCATION_MAP_TTL_MS = 10 * 60_000
/** Podium's limit on an appointment's note. */
const NOTE_MAX = 500

const phoneOrFail = (phone: string | undefined, what: string): string => {
  const e164 = phone ? usPhoneE164(phone) : undefined
  if (!e164) throw new PermanentDeliveryError(`${what}: Podium needs a valid US phone number`)
  return e164
}

/**
 * Podium API v4 behind the provider interface. Our clinics keep their own uids (the other services
 * key on them); each is matched to the Podium location whose name contains the clinic's name.
 */
export function podiumProvider(db: Kysely<Database>, client: PodiumClient): MessagingProvider {
  let locationMap: { at: number; byOurUid: Map<string, string> } | undefined

  const ourLocations = (): Promise<Location[]> => db.selectFrom('locations').select(['uid', 'name']).orderBy('position').orderBy('name').execute()

  async function podiumLocationOf(ourUid: string | undefined): Promise<string> {
    if (!locationMap || Date.now() - locationMap.at > LOCATION_MAP_TTL_MS) {
      const [ours, theirs] = await Promise.all([ourLocations(), client.all<PodiumLocation>('/v4/locations')])
      const byOurUid = new Map<string, string>()
      for (const clinic of ours) {
        const name = clinic.name.toLowerCase()
        const match = theirs.find((p) => !p.archived && [p.name, p.displayName].some((n) => n?.toLowerCase().includes(name)))
        if (match) byOurUid.set(clinic.uid, match.uid)
      }
      locationMap = { at: Date.now(), byOurUid }
    }
    // SPEC §9: a fixed default location (our first clinic) when none was chosen.
    const uid = ourUid ?? (await ourLocations())[0]?.uid
    const podiumUid = uid ? locationMap.byOurUid.get(uid) : undefined
    if (!podiumUid) throw new PermanentDeliveryError(`no Podium location matches our location ${uid ?? '(none)'}`)
    return podiumUid
  }

  return {
    name: 'podium',
    getLocations: ourLocations,

    async sendMessage(message, _deliveryId, { nameContact } = { nameContact: true }) {
      const answer = await client.post<{ uid: string }>('/v4/messages', {
        locationUid: await podiumLocationOf(message.location_uid),
        channel: { type: 'phone', identifier: phoneOrFail(message.phone, 'message') },
        body: message.text,
        // Podium renames the phone's contact to contactName: not an account's contact (a household's phone).
        ...(nameContact ? { contactName: `${message.first_name} ${message.last_name}`.trim() } : {}),
      })
      return { status: 'delivered', providerRef: answer.data.uid }
    },

    /**
     * POST /v4/messages to the phone, without contactName: Podium renames the phone's contact to
     * it, and the phone may be a household's (its contact is named after whoever synced it first).
     */
    async sendText(text) {
      const answer = await client.post<{ uid: string }>('/v4/messages', {
        locationUid: await podiumLocationOf(text.location_uid),
        channel: { type: 'phone', identifier: phoneOrFail(text.phone, 'text') },
        body: text.body,
      })
      return { status: 'delivered', providerRef: answer.data.uid }
    },

    async upsertContact(contact) {
      const phone = contact.phone ? usPhoneE164(contact.phone) : undefined
      const answer = await client.post<{ identifier: string }>('/v4/contacts', {
        name: `${contact.first_name} ${contact.last_name}`.trim(),
        locations: [await podiumLocationOf(contact.location_uid)],
        email: contact.email,
        ...(phone ? { phoneNumber: phone } : {}),
      })
      return { status: 'delivered', providerRef: answer.data.identifier }
    },

    async createAppointment(appointment: AppointmentPayload) {
      const minutes = Math.round((Date.parse(appointment.ends_at) - Date.parse(appointment.starts_at)) / 60_000)
      const note = [appointment.type_name, appointment.notes].filter(Boolean).join(': ').slice(0, NOTE_MAX)
      const answer = await client.post<{ uid: string }>('/v4/appointments', {
        locationUid: await podiumLocationOf(appointment.location_uid),
        contactName: `${appointment.first_name} ${appointment.last_name}`.trim(),
        contactPhoneNumber: phoneOrFail(appointment.phone, 'appointment'),
        datetime: new Date(appointment.starts_at).toISOString(),
        durationMin: minutes,
        note,
        status: 'confirmed',
        type: 'in_person',
      })
      return { status: 'delivered', providerRef: answer.data.uid }
    },
  }
}
