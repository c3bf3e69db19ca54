/** Account roles (SPEC §6): customer is the default. */
export type Role = 'customer' | 'staff' | 'admin'

export const ROLES: readonly Role[] = ['customer', 'staff', 'admin']

/**
 * A user as identity returns it, the same shape everywhere: GET/PATCH /api/identity/me, every
 * session response and the admin user list.
 */
export interface User {
  id: string
  email: string
  email_verified: boolean
  role: Role
  first_name: string | null
  last_name: string | null
  full_name: string | null
  phone: string | null
  address_line1: string | null
  address_line2: string | null
  city: string | null
  state: string | null
  zip_code: string | null
  preferred_location_uid: string | null
  created_at: string
}
