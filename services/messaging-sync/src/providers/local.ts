import type { Kysely } from 'kysely'
import type { Database } from '../database.js'
import type { Location, MessagingProvider } from './provider.js'

/**
 * The embedded default: everything lives in this service's own Postgres schema. A message or an
 * appointment is its delivery row (staff read them in the dashboard's inbox); nothing leaves, and
 * no text goes to a patient's phone (staff see it as "Not sent — stored locally").
 */
export function localProvider(db: Kysely<Database>): MessagingProvider {
  return {
    name: 'local',
    async getLocations(): Promise<Location[]> {
      return db.selectFrom('locations').select(['uid', 'name']).orderBy('position').orderBy('name').execute()
    },
    async sendMessage() {
      return { status: 'local' }
    },
    async upsertContact(contact) {
      return { status: 'local', providerRef: `local:${contact.user_id}` }
    },
    // No texting without a provider: kept here, shown to staff as never sent.
    async sendText() {
      return { status: 'local' }
    },
    async createAppointment(appointment) {
      return { status: 'local', providerRef: `local:${appointment.appointment_id}` }
    },
  }
}
