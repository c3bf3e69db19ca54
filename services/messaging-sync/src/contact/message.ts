import { PRACTICE_NAME } from '@hearing/contracts'

/**
 * The text the provider sends for a contact-form message: the spec's fixed sentence greeting the
 * first name, then who wrote and what.
 */
export function contactMessageText(m: { first_name: string; last_name: string; phone: string; location: string; message: string }): string {
  return [
    `Hi ${m.first_name}, thank you for contacting ${PRACTICE_NAME}! We received your message and will reply within 24 hours.`,
    '',
    `Name: ${m.first_name} ${m.last_name}`,
    `Phone: ${m.phone}`,
    `Location: ${m.location}`,
    `Message: ${m.message}`,
  ].join('\n')
}
