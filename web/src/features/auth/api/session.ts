import { api } from '@/lib/api-client'

import type { SessionResponse } from '../types'

/**
 * The session calls of identity. They never carry an access token and are never retried on 401:
 * the refresh-token cookie (HttpOnly, Path=/api/identity) is what authenticates them.
 */

export interface SignInInput {
  email: string
  password: string
}

/** POST /api/identity/sign-in: 401 wrong credentials, 403 email not confirmed, 429 too many tries. */
export function signIn(input: SignInInput): Promise<SessionResponse> {
  return api.post<SessionResponse>('/identity/sign-in', { ...input }, { auth: false })
}

/**
 * POST /api/identity/token/refresh: a new access token and a rotated cookie; undefined (204) when
 * there is no session cookie at all; 401 when the session has ended.
 */
export function refreshToken(): Promise<SessionResponse | undefined> {
  return api.post<SessionResponse | undefined>('/identity/token/refresh', undefined, { auth: false })
}

/** POST /api/identity/sign-out: clears the cookie and revokes the session (204). */
export function signOut(): Promise<void> {
  return api.post<void>('/identity/sign-out', undefined, { auth: false })
}
