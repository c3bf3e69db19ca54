import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'
import type { User } from '@/types/user'
import { languageField } from '@/i18n/i18n'

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

/** GET /api/identity/me: the signed-in user's own record. */
export function getMe(): Promise<User> {
  return api.get<User>(meKey)
}

/** SWR hook; the key includes the user id so another account never sees a cached profile. */
export function useMe(userId: string | null) {
  return useSWR<User, ApiError>(userId ? [meKey, userId] : null, getMe, { revalidateOnFocus: false })
}

/** PATCH /api/identity/me: the updated profile. */
export function updateMe(update: ProfileUpdate): Promise<User> {
  return api.patch<User>(meKey, { ...update, ...languageField() })
}
