import type { OutboxEmail } from '../database.js'

export const PRACTICE_NAME = 'North Georgia Hearing Care'

export type EmailKind = 'confirm' | 'reset' | 'invite'

interface Message {
  subject: string
  greeting: string
  paragraphs: string[]
  button: string
  link: string
  after: string[]
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

function greetingFor(firstName: string | null | undefined): string {
  const name = firstName?.trim()
  return name ? `Hello ${name},` : 'Hello,'
}

/** Plain text first (read aloud well by screen readers), then a simple HTML version of the same words. */
function render({ subject, greeting, paragraphs, button, link, after }: Message, to: string): OutboxEmail {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `${button}: ${link}`, '', ...after.flatMap((p) => [p, '']), PRACTICE_NAME].join('\n')
  const p = (s: string) => `<p style="margin:0 0 16px;font-size:18px;line-height:1.5;color:#1f2933">${escapeHtml(s)}</p>`
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif">
<main style="max-width:560px;margin:0 auto">
<h1 style="font-size:24px;line-height:1.3;color:#1f2933;margin:0 0 16px">${escapeHtml(subject)}</h1>
${p(greeting)}
${paragraphs.map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:14px 24px;background:#0b5cad;color:#ffffff;font-size:18px;font-weight:bold;text-decoration:none;border-radius:6px">${escapeHtml(button)}</a></p>
${p('If the button does not work, copy this address into your browser:')}
<p style="margin:0 0 16px;font-size:16px;word-break:break-all"><a href="${escapeHtml(link)}" style="color:#0b5cad">${escapeHtml(link)}</a></p>
${after.map(p).join('\n')}
${p(PRACTICE_NAME)}
</main>
</body>
</html>`
  return { to, subject, text, html }
}

export interface EmailInput {
  to: string
  firstName?: string | null
  /** The absolute link the e-mail is about. */
  link: string
}

export function confirmationEmail({ to, firstName, link }: EmailInput): OutboxEmail {
  return render(
    {
      subject: `Confirm your email address for ${PRACTICE_NAME}`,
      greeting: greetingFor(firstName),
      paragraphs: [`Thank you for creating an account with ${PRACTICE_NAME}. Please confirm your email address to finish setting it up.`],
      button: 'Confirm my email address',
      link,
      after: ['This link works for 48 hours. If you did not create an account, you can ignore this email.'],
    },
    to,
  )
}

export function passwordResetEmail({ to, firstName, link }: EmailInput): OutboxEmail {
  return render(
    {
      subject: `Reset your ${PRACTICE_NAME} password`,
      greeting: greetingFor(firstName),
      paragraphs: ['We received a request to reset the password of your account. Choose a new password with the link below.'],
      button: 'Choose a new password',
      link,
      after: ['This link works for 1 hour and can be used once. If you did not ask for this, you can ignore this email: your password stays the same.'],
    },
    to,
  )
}

export function inviteEmail({ to, firstName, link }: EmailInput): OutboxEmail {
  return render(
    {
      subject: `Set up your ${PRACTICE_NAME} account`,
      greeting: greetingFor(firstName),
      paragraphs: [`Our team has created an account for you at ${PRACTICE_NAME}. Choose a password to start using it.`],
      button: 'Set up my account',
      link,
      after: ['This link works for 7 days. If you were not expecting this email, please call us or ignore it.'],
    },
    to,
  )
}
