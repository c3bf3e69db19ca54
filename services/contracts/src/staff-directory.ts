import { z } from 'zod'

/**
 * Identity's staff directory (GET /internal/staff, service credential only): the staff and admin
 * accounts, so other services can name who wrote a note or may be given an inbox message, and
 * refuse anyone else. Only what a colleague's name needs; never a patient's account.
 */
export const STAFF_DIRECTORY_PATH = '/internal/staff'

export const staffMember = z.object({
  id: z.string(),
  /** "First Last", else the e-mail address. */
  name: z.string(),
  role: z.enum(['staff', 'admin']),
})
export type StaffMember = z.infer<typeof staffMember>

export const staffDirectory = z.object({ staff: z.array(staffMember) })
export type StaffDirectory = z.infer<typeof staffDirectory>
