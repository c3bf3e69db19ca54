import { z } from 'zod'

/**
 * Identity's GET /internal/messaging-contacts: every confirmed account as messaging-sync needs it
 * to create messaging contacts (Admin → Settings, "Sync Existing Users"), a page at a time in id
 * order. Only what a contact needs: no role, address or credentials.
 */
export const messagingContactsQuery = z.strictObject({
  /** The last id of the previous page. */
  after: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
})

export const messagingContactCandidate = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  preferred_location_uid: z.string().nullable(),
})
export type MessagingContactCandidate = z.infer<typeof messagingContactCandidate>

export const messagingContactsPage = z.object({
  users: z.array(messagingContactCandidate),
  /** Pass as `after` for the next page; null on the last one. */
  next: z.string().nullable(),
})
export type MessagingContactsPage = z.infer<typeof messagingContactsPage>

export const MESSAGING_CONTACTS_PATH = '/internal/messaging-contacts'

/** A Sync Existing Users run as admins see it (GET /api/messaging/admin/contact-sync). */
export interface ContactSyncRun {
  id: string
  status: 'running' | 'completed' | 'failed'
  provider: string
  /** Users handed to the provider; grows while identity's pages are read. */
  total: number
  synced: number
  failed: number
  /** Users left out: no name or no e-mail. */
  skipped: number
  /** Every user was read (total is final). */
  listed: boolean
  error: string | null
  started_at: string
  finished_at: string | null
}
