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
}

/** POST /api/identity/admin/patients (staff or admin): a customer account for a new patient. */
export function createPatient(body: NewPatient): Promise<User> {
  return api.post<User>('/identity/admin/patients', { ...body })
}
