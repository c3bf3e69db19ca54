import { z } from 'zod'
import { patientLanguage } from './language.js'
import { ROLES } from './roles.js'

/**
 * A user as identity answers it, the same shape everywhere: GET/PATCH /api/identity/me, every
 * session response and the admin user list. Identity's response schema, so nothing else leaves it.
 */
export const publicUser = z.object({
  id: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  role: z.enum(ROLES),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string().nullable(),
  phone: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  preferred_location_uid: z.string().nullable(),
  /** The language of the account's e-mails. */
  language: patientLanguage,
  created_at: z.string(),
})
export type PublicUser = z.infer<typeof publicUser>
