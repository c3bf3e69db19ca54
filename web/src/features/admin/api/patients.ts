import type { AdminAppointment, AdminUser, StaffOrderRequestView, UserPage, UserSearchQuery } from '@hearing/contracts'
import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

import type { InboxMessage } from './inbox'
import type { MailboxMessage } from './mailbox'
import { usersKey } from './users'

const userPath = (id: string) => `${usersKey}/${encodeURIComponent(id)}`

/** GET /api/identity/admin/users/search (staff, admin): one page of users matching name, e-mail or phone. */
export function useUserSearch({ q, page }: UserSearchQuery) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (page && page !== 1) params.set('page', String(page))
  const key = `${usersKey}/search${params.size ? `?${params.toString()}` : ''}`
  // The previous page stays on screen while the next loads, so the table does not jump.
  return useSWR<UserPage, ApiError>(key, () => api.get<UserPage>(key), { keepPreviousData: true })
}

/** GET /api/identity/admin/users/:id (staff, admin): the account with its state. */
export function useAdminUser(id: string) {
  return useSWR<AdminUser, ApiError>(userPath(id), (path: string) => api.get<AdminUser>(path))
}

/** The contact details staff correct (SPEC §2: patients cannot change their e-mail or phone). */
export interface ContactDetails {
  first_name: string
  last_name: string
  /** Blank: no phone. */
  phone: string
  email: string
}

/** PATCH /api/identity/admin/users/:id: a new e-mail address is unconfirmed until the link sent to it is followed. */
export function updateContactDetails(id: string, details: ContactDetails): Promise<AdminUser> {
  return api.patch<AdminUser>(userPath(id), { ...details })
}

/** POST /api/identity/admin/users/:id/deactivate or /reactivate: no sign-in while deactivated; sessions end at once. */
export function setAccountActive(id: string, active: boolean): Promise<AdminUser> {
  return api.post<AdminUser>(`${userPath(id)}/${active ? 'reactivate' : 'deactivate'}`, {})
}

/** Whose records a patient's page lists: their account, and the address (and phone) they may have used signed out. */
function patientQuery(user: AdminUser | undefined, withPhone = false): string | null {
  if (!user) return null
  const params = new URLSearchParams({ user_id: user.id, email: user.email })
  if (withPhone && user.phone) params.set('phone', user.phone)
  return params.toString()
}

/** GET /api/scheduling/admin/patient-appointments: newest first. */
export function usePatientAppointments(user: AdminUser | undefined) {
  const query = patientQuery(user)
  return useSWR<AdminAppointment[], ApiError>(query && `/scheduling/admin/patient-appointments?${query}`, (path: string) => api.get<AdminAppointment[]>(path))
}

/** GET /api/catalogue/admin/patient-orders: newest first. */
export function usePatientOrders(user: AdminUser | undefined) {
  const query = patientQuery(user)
  return useSWR<StaffOrderRequestView[], ApiError>(query && `/catalogue/admin/patient-orders?${query}`, (path: string) =>
    api.get<{ orders: StaffOrderRequestView[] }>(path).then((r) => r.orders),
  )
}

/** GET /api/messaging/admin/patient-messages: what they sent (by address, or by phone for the contact form). */
export function usePatientMessages(user: AdminUser | undefined) {
  const query = patientQuery(user, true)
  return useSWR<InboxMessage[], ApiError>(query && `/messaging/admin/patient-messages?${query}`, (path: string) => api.get<InboxMessage[]>(path))
}

/** GET /api/messaging/admin/patient-emails: e-mails sent to them (subjects and states, never bodies). */
export function usePatientEmails(user: AdminUser | undefined) {
  const query = patientQuery(user)
  return useSWR<MailboxMessage[], ApiError>(query && `/messaging/admin/patient-emails?${query}`, (path: string) => api.get<MailboxMessage[]>(path))
}

/** GET /api/messaging/admin/patient-texts: reminder texts to their phone (what and where each is, never its words). */
export function usePatientTexts(user: AdminUser | undefined) {
  const query = patientQuery(user)
  return useSWR<MailboxMessage[], ApiError>(query && `/messaging/admin/patient-texts?${query}`, (path: string) => api.get<MailboxMessage[]>(path))
}
