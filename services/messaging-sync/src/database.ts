import type { ColumnType, Generated, Selectable } from 'kysely'

export interface LocationsTable {
  uid: string
  name: string
  position: number
  created_at: Generated<Date>
}

/**
 * Where an e-mail is: pending (committed, not handed to the queue yet), queued (a job exists),
 * sent (accepted by the SMTP server), local (kept in the local mailbox: no SMTP configured),
 * failed (gave up; last_error says why).
 */
export type EmailStatus = 'pending' | 'queued' | 'sent' | 'local' | 'failed'

/** The outbox of transactional e-mail; also the admins' local mailbox. */
export interface EmailsTable {
  id: Generated<string>
  idempotency_key: string
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  status: ColumnType<EmailStatus, EmailStatus | undefined, EmailStatus>
  attempts: Generated<number>
  last_error: string | null
  created_at: Generated<Date>
  queued_at: Date | null
  sent_at: Date | null
}
export type Email = Selectable<EmailsTable>

export interface Database {
  locations: LocationsTable
  emails: EmailsTable
}
