import { api } from '@/lib/api-client'

/** POST /api/identity/password-reset/request: 202 whatever the address; the link goes by e-mail. */
export function requestPasswordReset(email: string): Promise<void> {
  return api.post('/identity/password-reset/request', { email }, { auth: false })
}

/** POST /api/identity/password-reset/complete: 204; every session of the account is signed out. */
export function completePasswordReset(token: string, password: string): Promise<void> {
  return api.post('/identity/password-reset/complete', { token, password }, { auth: false })
}
