import { greetingFor, renderEmail } from '@hearing/service-kit'
import { clinicByUid, locationName, PRACTICE_NAME } from '@hearing/contracts'

/**
 * A staff member's reply to a patient's message, as an e-mail in the practice's one look. The
 * text is staff's own, still only ever text: each line a paragraph, HTML-escaped by renderEmail.
 * The e-mail comes from a no-reply address, so it says how to answer: the clinic's phone.
 */
export function replyEmail(message: { first_name: string; email: string; location_uid: string }, reply: { author_name: string; text: string }) {
  const clinic = clinicByUid(message.location_uid)
  const lines = reply.text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)
  const signature = clinic ? `${reply.author_name}, ${PRACTICE_NAME} – ${locationName(clinic)}` : `${reply.author_name}, ${PRACTICE_NAME}`
  const email = renderEmail(
    {
      subject: `A reply to your message from ${PRACTICE_NAME}`,
      greeting: greetingFor(message.first_name),
      paragraphs: lines,
      after: [signature, clinic ? `To answer, please call us at ${clinic.phone}: replies to this e-mail are not read.` : 'Replies to this e-mail are not read: please call your clinic.'],
    },
    message.email,
  )
  return { ...email, kind: 'inbox-reply' }
}
