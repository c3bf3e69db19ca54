import { api } from '@/lib/api-client'
import { languageField } from '@/i18n/i18n'

/** What the contact form sends (SPEC §2 "Contact"); `website` is the hidden field only bots fill in. */
export interface ContactMessage {
  first_name: string
  last_name: string
  phone: string
  location_uid: string
  message: string
  website?: string
}

/** POST /api/messaging/contact: committed by messaging-sync before it answers 202. */
export function sendContactMessage(message: ContactMessage): Promise<{ id: string }> {
  return api.post<{ id: string }>('/messaging/contact', { ...message, ...languageField() }, { auth: false })
}
