import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

/**
 * An e-mail the site sent (or kept locally when no SMTP server is configured): what staff need to
 * help a patient, never its body (e-mails carry live links meant for their recipient only).
 */
export interface MailboxMessage {
  id: string
  to: string
  subject: string
  /** What the e-mail is (confirm, reset, invite...), when known. */
  kind: string | null
  /** pending, queued, waiting (quick retries ran out), delivered, local, failed, refused. */
  status: string
  attempts: number
  last_error: string | null
  created_at: string
  /** When the SMTP server took it (status delivered). */
  sent_at: string | null
  /** When it was kept here instead, never sent (status local: no SMTP server). */
  stored_at: string | null
  /** When a waiting e-mail is tried again. */
  retry_at: string | null
}

export const mailboxKey = '/messaging/admin/mailbox'

/** GET /api/messaging/admin/mailbox (admin): newest first. */
export function getMailbox(): Promise<MailboxMessage[]> {
  return api.get<MailboxMessage[]>(mailboxKey)
}

export function useMailbox() {
  return useSWR<MailboxMessage[], ApiError>(mailboxKey, getMailbox)
}
