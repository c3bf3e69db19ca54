import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

/** A clinic patients can choose (SPEC §3 "Location"). */
export interface Location {
  uid: string
  name: string
}

/** SWR key = API path. */
export const locationsKey = '/messaging/locations'

/** GET /api/messaging/locations: every clinic, in display order. */
export function getLocations(): Promise<Location[]> {
  return api.get<Location[]>(locationsKey)
}

export function useLocations() {
  return useSWR<Location[], ApiError>(locationsKey, getLocations)
}
