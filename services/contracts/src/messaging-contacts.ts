import { z } from 'zod'

/**
 * Identity's GET /internal/messaging-contacts: every account as messaging-sync needs it to create
 * messaging contacts (Admin → Settings, "Sync Existing Users"), a page at a time in id order, with
 * whether it confirmed its e-mail (unconfirmed ones are skipped and counted as such, not hidden).
 * Only what a contact needs: no role, address or credentials.
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
  /** Absent from an identity that listed confirmed accounts only, hence the default. */
  email_verified: z.boolean().default(true),
})
export type MessagingContactCandidate = z.infer<typeof messagingContactCandidate>
export type MessagingContactCandidateInput = z.input<typeof messagingContactCandidate>

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
  /** Users left out, for either reason below. */
  skipped: number
  /** Left out because they never confirmed their e-mail address. */
  skipped_unconfirmed: number
  /** Left out because they have no name (or no e-mail address). */
  skipped_incomplete: number
  /** Every user was read (total is final). */
  listed: boolean
  error: string | null
  started_at: string
  finished_at: string | null
}
