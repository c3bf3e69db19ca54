import { PRACTICE_NAME, type PatientLanguage } from '@hearing/contracts'
import { messagesIn } from '../patient-messages.js'

/**
 * The text the provider sends for a contact-form message: the spec's fixed sentence greeting the
 * first name, then who wrote and what; in the language the patient wrote in.
 */
export function contactMessageText(m: { first_name: string; last_name: string; phone: string; location: string; message: string; language?: PatientLanguage }): string {
  const t = messagesIn(m.language ?? 'en').t
  return [
    t('contact.thanks', { name: m.first_name, practice: PRACTICE_NAME }),
    '',
    t('contact.name', { name: `${m.first_name} ${m.last_name}` }),
    t('contact.phone', { phone: m.phone }),
    t('contact.location', { location: m.location }),
    t('contact.message', { message: m.message }),
  ].join('\n')
}
