import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

/** An e-mail the site sent (or kept locally when no SMTP server is configured). */
export interface MailboxMessage {
  id: string
  to: string
  subject: string
  text: string
  /** e.g. 'pending', 'sent', 'failed', 'local'. */
  status: string
  attempts: number
  last_error: string | null
  created_at: string
  sent_at: string | null
}

export const mailboxKey = '/messaging/admin/mailbox'

/** GET /api/messaging/admin/mailbox (admin): newest first. */
export function getMailbox(): Promise<MailboxMessage[]> {
  return api.get<MailboxMessage[]>(mailboxKey)
}

export function useMailbox() {
  return useSWR<MailboxMessage[], ApiError>(mailboxKey, getMailbox)
}
