import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

/** The signed-in user's own record (the same shape identity uses everywhere). */
export interface Profile {
  id: string
  email: string
  role: 'customer' | 'staff' | 'admin'
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

/** The fields a user may change themselves (SPEC §6: email, phone and role are not among them). */
export interface ProfileUpdate {
  first_name?: string
  last_name?: string
  address_line1?: string | null
  address_line2?: string | null
  city?: string | null
  state?: string | null
  zip_code?: string | null
  preferred_location_uid?: string | null
}

export const meKey = '/identity/me'

/** GET /api/identity/me. */
export function getMe(): Promise<Profile> {
  return api.get<Profile>(meKey)
}

/** SWR hook; the key includes the user id so another account never sees a cached profile. */
export function useMe(userId: string | null) {
  return useSWR<Profile, ApiError>(userId ? [meKey, userId] : null, getMe, { revalidateOnFocus: false })
}

/** PATCH /api/identity/me: the updated profile. */
export function updateMe(update: ProfileUpdate): Promise<Profile> {
  return api.patch<Profile>(meKey, { ...update })
}
