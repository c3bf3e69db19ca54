import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

import type { SessionResponse } from '../types'

/** GET /api/identity/account-setup?token=…: the invited address while the link is valid, else 400. */
export function checkAccountSetup(token: string): Promise<{ email: string }> {
  return api.get(`/identity/account-setup?${new URLSearchParams({ token }).toString()}`, { auth: false })
}

export interface AccountSetupInput {
  token: string
  email: string
  password: string
}

/** POST /api/identity/account-setup: sets the password and signs the user in. */
export function completeAccountSetup(input: AccountSetupInput): Promise<SessionResponse> {
  return api.post<SessionResponse>('/identity/account-setup', { ...input }, { auth: false })
}

/** SWR hook for the link check; `token` null skips it. A dead link is not worth retrying. */
export function useAccountSetupCheck(token: string | null) {
  return useSWR<{ email: string }, ApiError>(token ? ['account-setup', token] : null, () => checkAccountSetup(token!), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  })
}
