import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

export type UserRole = 'customer' | 'staff' | 'admin'

export const USER_ROLES: readonly UserRole[] = ['customer', 'staff', 'admin']

/** A user as the admin list shows it (identity's user record). */
export interface AdminUser {
  id: string
  email: string
  email_verified: boolean
  role: UserRole
  first_name: string | null
  last_name: string | null
  full_name: string | null
  phone: string | null
  created_at: string
}

export const usersKey = '/identity/admin/users'

/** GET /api/identity/admin/users (staff or admin). */
export function getUsers(): Promise<AdminUser[]> {
  return api.get<AdminUser[]>(usersKey)
}

export function useUsers(enabled: boolean) {
  return useSWR<AdminUser[], ApiError>(enabled ? usersKey : null, getUsers)
}

/**
 * PATCH /api/identity/admin/users/:id/role (admin only). The user's sessions end, so their next
 * token carries the new role. 409 when it would remove the last admin.
 */
export function updateUserRole(id: string, role: UserRole): Promise<AdminUser> {
  return api.patch<AdminUser>(`/identity/admin/users/${encodeURIComponent(id)}/role`, { role })
}
