import type { AdminAppointment, PatientLanguage, StaffMember } from '@hearing/contracts'
import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

/** A message patients sent (contact form; later booking and order requests), as staff see it. */
export interface InboxMessage {
  id: string
  kind: string
  first_name: string
  last_name: string
  /** E.164 when valid (for tel: links), else as given. */
  phone: string
  /** "(770) 555-0142" for every kind of message. */
  phone_display: string
  email: string | null
  /** The appointment a booking message is about. */
  appointment_id: string | null
  location_uid: string
  location_name: string | null
  text: string
  /** pending, queued, waiting, delivered, local, failed, refused. */
  status: string
  last_error: string | null
  created_at: string
  delivered_at: string | null
  handled_at: string | null
  /** The order request an order message is about. */
  order_id: string | null
  /** The staff member who looks after it. */
  assignee: { id: string; name: string } | null
  /** Staff's e-mailed replies, oldest first. */
  replies: InboxReply[]
  /** email: reply from here; podium: answer in Podium (podium_url); phone: no address was given. */
  reply_by: 'email' | 'podium' | 'phone'
  podium_url: string | null
  /** The patient's language; null for messages kept before it was recorded. */
  language: PatientLanguage | null
}

export interface InboxReply {
  id: string
  author_id: string
  author_name: string
  text: string
  created_at: string
  /** Where the e-mail carrying it is (as in the Email tab); null once its record was purged. */
  email_status: string | null
}

/** Which messages the Inbox lists: everyone's, or those assigned to the signed-in staff member. */
export type InboxView = 'all' | 'mine'

export const inboxKey = '/messaging/admin/inbox'

/** GET /api/messaging/admin/inbox (staff, admin): newest first; `mine`: only those assigned to the caller. */
export function useInbox(view: InboxView = 'all') {
  const key = view === 'mine' ? `${inboxKey}?assigned=me` : inboxKey
  return useSWR<InboxMessage[], ApiError>(key, (path: string) => api.get<InboxMessage[]>(path), { keepPreviousData: true })
}

/** GET /api/messaging/admin/inbox/staff: the colleagues a message can be given to. */
export function useInboxStaff() {
  return useSWR<StaffMember[], ApiError>(`${inboxKey}/staff`, (path: string) => api.get<{ staff: StaffMember[] }>(path).then((r) => r.staff))
}

/** PUT /api/messaging/admin/inbox/:id/assignee: gives the message to a colleague, or (null) to nobody. */
export function assignMessage(id: string, staffId: string | null) {
  return api.put<{ id: string; assignee: { id: string; name: string } | null }>(`${inboxKey}/${encodeURIComponent(id)}/assignee`, { staff_id: staffId })
}

/** POST /api/messaging/admin/inbox/:id/replies: e-mails a reply to the person (local provider). */
export function replyToMessage(id: string, text: string) {
  return api.post<{ reply: InboxReply }>(`${inboxKey}/${encodeURIComponent(id)}/replies`, { text })
}

/** PATCH /api/messaging/admin/inbox/:id: marks a message handled, or not. */
export function markHandled(id: string, handled: boolean): Promise<{ id: string; handled_at: string | null }> {
  return api.patch(`${inboxKey}/${encodeURIComponent(id)}`, { handled })
}

/** The appointments the listed messages are about, with their current status (scheduling's). */
export function useInboxAppointments(messages: readonly InboxMessage[] | undefined) {
  const ids = [...new Set((messages ?? []).map((m) => m.appointment_id).filter((id): id is string => id !== null))].sort()
  return useSWR<AdminAppointment[], ApiError>(ids.length ? `/scheduling/admin/appointments?${new URLSearchParams({ ids: ids.join(',') })}` : null, (path: string) =>
    api.get<AdminAppointment[]>(path),
  )
}
