import { renderEmail } from '@hearing/service-kit'
import { clinicByUid, locationName, PRACTICE_NAME, type PatientLanguage } from '@hearing/contracts'
import { messagesIn } from '../patient-messages.js'

/**
 * A staff member's reply to a patient's message, as an e-mail in the practice's one look. The
 * text is staff's own, still only ever text: each line a paragraph, HTML-escaped by renderEmail.
 * The e-mail comes from a no-reply address, so it says how to answer: the clinic's phone. The
 * practice's words around it are in the patient's language; staff's own words are as they wrote them.
 */
export function replyEmail(message: { first_name: string; email: string; location_uid: string; language: PatientLanguage }, reply: { author_name: string; text: string }) {
  const clinic = clinicByUid(message.location_uid)
  const m = messagesIn(message.language)
  const lines = reply.text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)
  const facts = { practice: PRACTICE_NAME, author: reply.author_name, clinic: clinic ? locationName(clinic) : 'none', phone: clinic?.phone ?? 'none' }
  const email = renderEmail(
    {
      subject: m.t('reply.subject', facts),
      greeting: m.greeting(message.first_name),
      paragraphs: lines,
      after: [m.t('reply.signature', facts), m.t('reply.howToAnswer', facts)],
    },
    message.email,
    m,
  )
  return { ...email, kind: 'inbox-reply' }
}
