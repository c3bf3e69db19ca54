import type { ContactSyncRun } from '@hearing/contracts'
import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

/** The customer-messaging provider as admins see it (GET /api/messaging/admin/provider). */
export interface ProviderStatus {
  provider: 'local' | 'podium'
  /** Podium: an admin has connected the account; the local provider needs no connection. */
  connected: boolean
  since: string | null
}

export type { ContactSyncRun }

const providerKey = '/messaging/admin/provider'
const contactSyncKey = '/messaging/admin/contact-sync'

export function useProviderStatus() {
  return useSWR<ProviderStatus, ApiError>(providerKey, (path: string) => api.get<ProviderStatus>(path))
}

/** POST /api/messaging/admin/podium/connect: where to send the admin to consent at Podium. */
export function connectPodium(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/messaging/admin/podium/connect')
}

/** The latest run and the few before it (newest first). */
export interface ContactSyncState {
  sync: ContactSyncRun | null
  history: ContactSyncRun[]
}

/** The latest run and the runs before it; polled every second while one is running, so any admin sees it move. */
export function useContactSync() {
  return useSWR<ContactSyncState, ApiError>(contactSyncKey, (path: string) => api.get<ContactSyncState>(path), {
    refreshInterval: (latest) => (latest?.sync?.status === 'running' ? 1000 : 0),
  })
}

/** Starts a run, or joins the one already running. */
export function startContactSync(): Promise<{ sync: ContactSyncRun; joined: boolean }> {
  return api.post<{ sync: ContactSyncRun; joined: boolean }>(contactSyncKey)
}
