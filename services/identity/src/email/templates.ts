import { loadMessageFiles, patientMessages, renderEmail, type RenderedEmail } from '@hearing/service-kit'
import { PRACTICE_NAME, type PatientLanguage } from '@hearing/contracts'

export type EmailKind = 'confirm' | 'reset' | 'invite' | 'erase'

/** The account e-mails' words per language: data/messages/<language>.json. */
export const MESSAGES_DIR = new URL('../../data/messages/', import.meta.url)
const messagesIn = patientMessages(loadMessageFiles(MESSAGES_DIR))

export interface EmailInput {
  to: string
  firstName?: string | null
  /** The absolute link the e-mail is about. */
  link: string
  /** The account's language; English when not given. */
  language?: PatientLanguage
}

/** Every account e-mail has one shape: why, the link's button, how long it works. */
export function accountEmail(kind: EmailKind, { to, firstName, link, language = 'en' }: EmailInput): RenderedEmail {
  const m = messagesIn(language)
  const facts = { practice: PRACTICE_NAME }
  return renderEmail(
    {
      subject: m.t(`${kind}.subject`, facts),
      greeting: m.greeting(firstName),
      paragraphs: [m.t(`${kind}.body`, facts)],
      action: { label: m.t(`${kind}.action`), link },
      after: [m.t(`${kind}.after`)],
    },
    to,
    m,
  )
}
