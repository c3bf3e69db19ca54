import { createTransport } from 'nodemailer'
import type { EmailPayload } from '@hearing/contracts'

/**
 * Where e-mails go: an SMTP server (nodemailer) when SMTP_URL is set, else nowhere beyond the
 * local mailbox (the outbox row itself, which admins read).
 */
export interface Mailer {
  kind: 'smtp' | 'local'
  /**
   * Hands the e-mail to the SMTP server; rejects with the server's or the network's error. `id` is
   * the delivery's id: the Message-ID is made from it.
   */
  send(id: string, email: EmailPayload): Promise<void>
  close(): void
}

export interface MailerOptions {
  smtpUrl?: string | undefined
  from: string
  /** Upper bounds for one SMTP conversation, so a stuck server cannot hold a job (or shutdown) for long. */
  connectionTimeoutMs?: number
  socketTimeoutMs?: number
}

/** The domain of the sender address: Message-IDs are made in it. */
function senderDomain(from: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from.trim())?.[1] ?? 'localhost'
}

export function createMailer({ smtpUrl, from, connectionTimeoutMs = 10_000, socketTimeoutMs = 30_000 }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      kind: 'local',
      async send() {},
      close() {},
    }
  }
  // One connection per message: low volume, and nothing idle to go stale between e-mails.
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: connectionTimeoutMs,
    greetingTimeout: connectionTimeoutMs,
    socketTimeout: socketTimeoutMs,
  })
  const domain = senderDomain(from)
  return {
    kind: 'smtp',
    async send(id, email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.attachments
          ? { attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })) }
          : {}),
        // The same Message-ID on every attempt: a retry after a lost reply is recognisably the same e-mail.
        messageId: `<${id}@${domain}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      })
    },
    close() {
      transport.close()
    },
  }
}

interface SmtpError {
  code?: unknown
  responseCode?: unknown
}

/**
 * Permanent: a 5xx answer to the envelope or the message (unknown recipient, message refused), or
 * an envelope or message nodemailer refused to send at all (no server answer: it could not be
 * built). Neither changes by trying again. Everything else (network, timeouts, 4xx,
 * authentication, a server's 5xx to the login) may: retried.
 */
export function isPermanentSmtpError(err: unknown): boolean {
  const { code, responseCode } = (err ?? {}) as SmtpError
  if (code !== 'EENVELOPE' && code !== 'EMESSAGE') return false
  return typeof responseCode !== 'number' || responseCode >= 500
}

/** What the logs may say about a failure: codes only, never the server's text (it can quote the address). */
export function errorCodes(err: unknown): { smtpCode?: string; responseCode?: number } {
  const { code, responseCode } = (err ?? {}) as SmtpError
  return {
    ...(typeof code === 'string' ? { smtpCode: code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
  }
}
