import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

/** A message patients sent (contact form; later booking and order requests), as staff see it. */
export interface InboxMessage {
  id: string
  kind: string
  first_name: string
  last_name: string
  phone: string
  email: string | null
  location_uid: string
  location_name: string | null
  text: string
  /** pending, queued, waiting, delivered, local, failed, refused. */
  status: string
  last_error: string | null
  created_at: string
  delivered_at: string | null
  handled_at: string | null
}

export const inboxKey = '/messaging/admin/inbox'

/** GET /api/messaging/admin/inbox (staff, admin): newest first. */
export function useInbox() {
  return useSWR<InboxMessage[], ApiError>(inboxKey, (path: string) => api.get<InboxMessage[]>(path))
}

/** PATCH /api/messaging/admin/inbox/:id: marks a message handled, or not. */
export function markHandled(id: string, handled: boolean): Promise<{ id: string; handled_at: string | null }> {
  return api.patch(`${inboxKey}/${encodeURIComponent(id)}`, { handled })
}
