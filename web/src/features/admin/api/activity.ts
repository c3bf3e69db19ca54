import type { ActivityPage, ActivityQuery } from '@hearing/contracts'
import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'
import { filterSearch } from '@/lib/download'

/** GET /api/identity/admin/activity (admins): one page of the audit trail, newest first. */
export function useActivity(filters: ActivityQuery) {
  const key = `/identity/admin/activity${filterSearch(filters)}`
  return useSWR<ActivityPage, ApiError>(key, () => api.get<ActivityPage>(key), { keepPreviousData: true })
}

/** GET /api/identity/admin/activity.csv (admins): every record the filters match, as CSV text (the export is audited). */
export function exportActivity(filters: Omit<ActivityQuery, 'page'>) {
  return api.get<string>(`/identity/admin/activity.csv${filterSearch(filters)}`, { headers: { accept: 'text/csv' } })
}
