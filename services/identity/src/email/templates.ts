import { greetingFor, renderEmail, type RenderedEmail } from '@hearing/service-kit'
import { PRACTICE_NAME } from '@hearing/contracts'

export type EmailKind = 'confirm' | 'reset' | 'invite' | 'erase'

export interface EmailInput {
  to: string
  firstName?: string | null
  /** The absolute link the e-mail is about. */
  link: string
}

export function confirmationEmail({ to, firstName, link }: EmailInput): RenderedEmail {
  return renderEmail(
    {
      subject: `Confirm your email address for ${PRACTICE_NAME}`,
      greeting: greetingFor(firstName),
      paragraphs: [`Thank you for creating an account with ${PRACTICE_NAME}. Please confirm your email address to finish setting it up.`],
      action: { label: 'Confirm my email address', link },
      after: ['This link works for 48 hours. If you did not create an account, you can ignore this email.'],
    },
    to,
  )
}

export function passwordResetEmail({ to, firstName, link }: EmailInput): RenderedEmail {
  return renderEmail(
    {
      subject: `Reset your ${PRACTICE_NAME} password`,
      greeting: greetingFor(firstName),
      paragraphs: ['We received a request to reset the password of your account. Choose a new password with the link below.'],
      action: { label: 'Choose a new password', link },
      after: ['This link works for 1 hour and can be used once. If you did not ask for this, you can ignore this email: your password stays the same.'],
    },
    to,
  )
}

export function inviteEmail({ to, firstName, link }: EmailInput): RenderedEmail {
  return renderEmail(
    {
      subject: `Set up your ${PRACTICE_NAME} account`,
      greeting: greetingFor(firstName),
      paragraphs: [`Our team has created an account for you at ${PRACTICE_NAME}. Choose a password to start using it.`],
      action: { label: 'Set up my account', link },
      after: ['This link works for 7 days. If you were not expecting this email, please call us or ignore it.'],
    },
    to,
  )
}

export function accountDeletionEmail({ to, firstName, link }: EmailInput): RenderedEmail {
  return renderEmail(
    {
      subject: `Confirm the deletion of your ${PRACTICE_NAME} account`,
      greeting: greetingFor(firstName),
      paragraphs: [
        'We received a request to delete your account and the personal data we hold about you. Open the link below to see what will be erased and what the practice must keep, and to confirm.',
      ],
      action: { label: 'Review and delete my account', link },
      after: ['This link works for 24 hours and can be used once. If you did not ask for this, ignore this email: your account stays as it is.'],
    },
    to,
  )
}
