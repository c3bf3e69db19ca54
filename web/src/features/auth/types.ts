import type { User } from '@/types/user'

/** What sign-in, token refresh and account setup answer (the refresh token travels as a cookie). */
export interface SessionResponse {
  access_token: string
  /** Seconds the access token is valid for. */
  expires_in: number
  user: User
}
