import escapeHtml from 'escape-html'
import { PRACTICE_NAME } from '@hearing/contracts'
import type { PatientMessages } from './patient-messages/index.js'

/** An e-mail as services hand it to messaging-sync (topic 'email'), before any kind or attachment. */
export interface RenderedEmail {
  to: string
  subject: string
  text: string
  html: string
}

export interface EmailMessage {
  subject: string
  /** In the reader's language: PatientMessages.greeting. */
  greeting: string
  paragraphs: readonly string[]
  /** The one thing the e-mail asks the reader to do, shown as a button and as a plain address. */
  action?: { label: string; link: string }
  /** Paragraphs after the action. */
  after?: readonly string[]
}

/**
 * The practice's e-mails, one look for every service: plain text first (read aloud well by screen
 * readers), then a simple HTML version of the same words in large type. `messages`: the reader's
 * language (the layout's few words, and the page's lang).
 */
export function renderEmail({ subject, greeting, paragraphs, action, after = [] }: EmailMessage, to: string, messages: PatientMessages): RenderedEmail {
  const language = messages.language
  const buttonFallback = messages.t('email.buttonFallback')
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.link}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    PRACTICE_NAME,
  ].join('\n')
  const p = (s: string) => `<p style="margin:0 0 16px;font-size:18px;line-height:1.5;color:#1f2933">${escapeHtml(s)}</p>`
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:14px 24px;background:#0b5cad;color:#ffffff;font-size:18px;font-weight:bold;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>
${p(buttonFallback)}
<p style="margin:0 0 16px;font-size:16px;word-break:break-all"><a href="${escapeHtml(action.link)}" style="color:#0b5cad">${escapeHtml(action.link)}</a></p>`
    : ''
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif">
<main style="max-width:560px;margin:0 auto">
<h1 style="font-size:24px;line-height:1.3;color:#1f2933;margin:0 0 16px">${escapeHtml(subject)}</h1>
${p(greeting)}
${paragraphs.map(p).join('\n')}
${button}
${after.map(p).join('\n')}
${p(PRACTICE_NAME)}
</main>
</body>
</html>`
  return { to, subject, text, html }
}
