import type { PatientLanguage } from '@hearing/contracts'
import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'
import type { Role, User } from '@/types/user'

export const usersKey = '/identity/admin/users'

/** GET /api/identity/admin/users (staff or admin). */
export function getUsers(): Promise<User[]> {
  return api.get<User[]>(usersKey)
}

export function useUsers(enabled: boolean) {
  return useSWR<User[], ApiError>(enabled ? usersKey : null, getUsers)
}

/**
 * PATCH /api/identity/admin/users/:id/role (admin only). The user's sessions end, so their next
 * token carries the new role. 409 when it would remove the last admin.
 */
export function updateUserRole(id: string, role: Role): Promise<User> {
  return api.patch<User>(`/identity/admin/users/${encodeURIComponent(id)}/role`, { role })
}

/** SPEC §3 "New-patient input". Without a password identity e-mails an invitation to choose one. */
export interface NewPatient {
  first_name: string
  last_name: string
  email: string
  phone?: string
  password?: string
  /** Their e-mails' language; English when left out. */
  language?: PatientLanguage
}

/** POST /api/identity/admin/patients (staff or admin): a customer account for a new patient. */
export function createPatient(body: NewPatient): Promise<User> {
  return api.post<User>('/identity/admin/patients', { ...body })
}

/** What identity e-mailed: a confirmation, an invitation (no password yet) or a reset link. */
export interface AccountEmailSent {
  sent: 'confirm' | 'invite' | 'reset'
}

/** POST /api/identity/admin/users/:id/confirmation (staff for customers, admins for anyone). 409 once confirmed. */
export function resendConfirmation(id: string): Promise<AccountEmailSent> {
  return api.post<AccountEmailSent>(`/identity/admin/users/${encodeURIComponent(id)}/confirmation`, {})
}

/** POST /api/identity/admin/users/:id/password-reset: a reset link to the account's own address. */
export function sendPasswordResetLink(id: string): Promise<AccountEmailSent> {
  return api.post<AccountEmailSent>(`/identity/admin/users/${encodeURIComponent(id)}/password-reset`, {})
}
