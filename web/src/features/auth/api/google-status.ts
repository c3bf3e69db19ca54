import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

export const googleStatusKey = '/identity/google/status'

/** Where the browser goes to start Google sign-in (identity answers with a redirect to Google). */
export const GOOGLE_START_URL = '/api/identity/google/start'

/** GET /api/identity/google/status: whether Google sign-in is configured on this site. */
export function getGoogleStatus(): Promise<{ enabled: boolean }> {
  return api.get(googleStatusKey, { auth: false })
}

export function useGoogleStatus() {
  return useSWR<{ enabled: boolean }, ApiError>(googleStatusKey, getGoogleStatus, { revalidateOnFocus: false })
}
