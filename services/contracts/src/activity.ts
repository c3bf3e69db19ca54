import { z } from 'zod'

/**
 * What the audit trail records (kit audit/*, route config `audit.action`) and how the admin
 * dashboard's Activity tab names it.
 */
export const AUDIT_ACTIONS = {
  'staff.sign-in': 'Signed in',
  'staff.sign-in-failed': 'Failed to sign in (wrong password)',
  'user.list': 'Viewed the user list',
  'user.read': 'Viewed a user',
  'user.role': 'Changed a role',
  'patient.create': 'Created a patient account',
  'user.confirmation': 'Sent a confirmation e-mail again',
  'user.password-reset': 'Sent a password-reset link',
  'user.update': 'Changed contact details',
  'user.deactivate': 'Deactivated an account',
  'user.reactivate': 'Reactivated an account',
  'patient.data-export': "Downloaded a patient's data",
  'patient.erase': "Deleted a patient's account",
  'appointment.list': 'Viewed appointments',
  'appointment.create': 'Scheduled an appointment',
  'appointment.confirm': 'Confirmed an appointment',
  'appointment.decline': 'Declined an appointment',
  'appointment.cancel': 'Cancelled an appointment',
  'appointment.reschedule': 'Moved an appointment',
  'appointment.complete': 'Marked a visit completed',
  'appointment.no-show': 'Marked a visit as a no-show',
  'appointment.undo-outcome': 'Undid the outcome of a visit',
  'inbox.list': 'Viewed the inbox',
  'inbox.mark': 'Marked an inbox message',
  'inbox.assign': 'Assigned an inbox message',
  'inbox.reply': 'Replied to an inbox message',
  'order.list': 'Viewed order requests',
  'order.status': 'Changed an order request',
  'email.list': 'Viewed e-mails sent',
  'text.list': 'Viewed texts sent',
  'order.note': 'Added a note to an order request',
  'order.export': 'Exported order requests',
  'contact-sync.read': 'Viewed the contact sync',
  'contact-sync.start': 'Started a contact sync',
  'activity.export': 'Exported the activity log',
  'retention.purge': 'Removed records past their retention period',
} as const satisfies Record<string, string>
export type AuditAction = keyof typeof AUDIT_ACTIONS

/** The role a record names when no person acted: the service's own scheduled jobs (the retention purge). */
export const SYSTEM_ACTOR_ROLE = 'system'

export const ACTIVITY_PAGE_SIZE = 50

const day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' })

/** GET /api/identity/admin/activity (and .csv): every filter optional. */
export const activityQuery = z.strictObject({
  /** A patient's name, e-mail or id (part of it). */
  patient: z.string().trim().max(200).optional(),
  /** A staff member's name, e-mail or id (part of it). */
  actor: z.string().trim().max(200).optional(),
  action: z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]).optional(),
  /** Inclusive days, in the clinic's time zone. */
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export type ActivityQuery = z.input<typeof activityQuery>

const person = z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() })

export const activityEntry = z.object({
  seq: z.string(),
  at: z.string(),
  service: z.string(),
  actor: person.nullable(),
  actor_role: z.string().nullable(),
  action: z.string(),
  record_kind: z.string().nullable(),
  record_id: z.string().nullable(),
  patient: person.nullable(),
  address: z.string().nullable(),
  user_agent: z.string().nullable(),
  outcome: z.number().int().nullable(),
  detail: z.string().nullable(),
})
export type ActivityEntry = z.infer<typeof activityEntry>

export const activityPage = z.object({ entries: z.array(activityEntry), page: z.number().int(), page_size: z.number().int(), total: z.number().int() })
export type ActivityPage = z.infer<typeof activityPage>
