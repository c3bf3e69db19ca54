import type {
  AdminAppointment,
  Appointment,
  AppointmentStatus,
  AppointmentType,
  ClosedDate,
  ClosedDayCancelled,
  CloseDayRequest,
  DayClosed,
  LinkedAppointment,
  MyAppointmentsList,
  PendingRequestsPage,
  PendingSource,
  ReleaseSourceRequest,
  RescheduleRequest,
  StaffAppointmentRequest,
  StaffDecision,
  StaffTime,
  SyncState,
} from '@hearing/contracts'
import useSWR, { mutate } from 'swr'

import type { BadgeTone } from '@/components/ui/badge'
import { api, isRetryable, type ApiError } from '@/lib/api-client'

/**
 * The scheduling service's API as the SPA uses it: appointment types (booking, the dashboard),
 * staff's appointments (the dashboard), a patient's own (/profile) and the e-mailed cancel link.
 */

export function useAppointmentTypes(locationUid: string) {
  return useSWR<AppointmentType[], ApiError>(locationUid ? `/scheduling/appointment-types?${new URLSearchParams({ location_uid: locationUid })}` : null, (path: string) =>
    api.get<AppointmentType[]>(path),
  )
}

export const statusText: Record<AppointmentStatus, string> = { pending: 'Pending', confirmed: 'Confirmed', declined: 'Declined', cancelled: 'Cancelled', completed: 'Completed', no_show: 'No-show' }
export const statusTone: Record<AppointmentStatus, BadgeTone> = { pending: 'primary', confirmed: 'success', declined: 'secondary', cancelled: 'outline', completed: 'secondary', no_show: 'destructive' }

// ---------------------------------------------------------------------------------------------
// Staff (the dashboard's Appointments tab)
// ---------------------------------------------------------------------------------------------

const adminKey = '/scheduling/admin/appointments'

export function useAdminAppointments() {
  return useSWR<AdminAppointment[], ApiError>(adminKey, (path: string) => api.get<AdminAppointment[]>(path))
}

/** These appointments only, whatever their age (the one an Inbox message links to). */
export function useAdminAppointmentsByIds(ids: readonly string[]) {
  return useSWR<AdminAppointment[], ApiError>(ids.length ? `${adminKey}?${new URLSearchParams({ ids: ids.join(',') })}` : null, (path: string) => api.get<AdminAppointment[]>(path))
}

/** One page of every request waiting for a decision, the longest waiting first, with how many wait in all. */
export function usePendingRequests(page: number) {
  return useSWR<PendingRequestsPage, ApiError>(`/scheduling/admin/pending-requests?${new URLSearchParams({ page: String(page) })}`, (path: string) => api.get<PendingRequestsPage>(path))
}

/**
 * After a change to an appointment, every staff view of appointments reads again (the schedule,
 * the requests waiting, Recent Appointments, the one opened from the Inbox): each shows the visit.
 * `except`: views the caller updates itself, with the service's answer.
 */
export function revalidateStaffAppointments({ except }: { except?: string } = {}) {
  return mutate((key) => typeof key === 'string' && key.startsWith('/scheduling/admin/') && !key.startsWith('/scheduling/admin/staff-times') && !(except && key.startsWith(except)))
}

export function scheduleAppointment(body: StaffAppointmentRequest) {
  return api.post<AdminAppointment>(adminKey, { ...body })
}

/**
 * How the provider's first attempt at a new appointment went, once scheduling has heard (it reads
 * messaging-sync's status in the background); null when not known within `withinMs`.
 */
export async function firstSyncOf(created: AdminAppointment, { withinMs = 6_000, everyMs = 300 } = {}): Promise<SyncState | null> {
  if (created.sync_attempted) return created.sync_state
  const deadline = Date.now() + withinMs
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, everyMs))
    const now = await api.get<Pick<AdminAppointment, 'sync_state' | 'sync_attempted'>>(`${adminKey}/${encodeURIComponent(created.id)}/sync`)
    if (now.sync_attempted) return now.sync_state
  }
  return null
}

export function decideAppointment(id: string, decision: StaffDecision) {
  return api.post<Appointment>(`${adminKey}/${encodeURIComponent(id)}/${decision}`, {})
}

/** Moves a confirmed upcoming appointment; the patient is e-mailed the new time and a calendar file. */
export function rescheduleAppointment(id: string, to: RescheduleRequest) {
  return api.post<Appointment>(`${adminKey}/${encodeURIComponent(id)}/reschedule`, { ...to })
}

export interface ScheduleQuery {
  from: string
  days: 1 | 7
  location_uid?: string
  status?: AppointmentStatus
}

/** A day or a week of visits (one clinic or both), by start time. */
export function useSchedule(query: ScheduleQuery) {
  const params = new URLSearchParams({ from: query.from, days: String(query.days) })
  if (query.location_uid) params.set('location_uid', query.location_uid)
  if (query.status) params.set('status', query.status)
  return useSWR<Appointment[], ApiError>(`/scheduling/admin/schedule?${params}`, (path: string) => api.get<Appointment[]>(path))
}

/** The times of a clinic's day for a type, as the server's rules allow them (opening hours, visit length, closed days). */
export function useStaffTimes(locationUid: string, typeId: string, date: string) {
  const ready = locationUid && typeId && /^\d{4}-\d{2}-\d{2}$/.test(date)
  return useSWR<{ date: string; times: StaffTime[] }, ApiError>(
    ready ? `/scheduling/admin/staff-times?${new URLSearchParams({ location_uid: locationUid, appointment_type_id: typeId, date })}` : null,
    (path: string) => api.get<{ date: string; times: StaffTime[] }>(path),
  )
}

// ---------------------------------------------------------------------------------------------
// Patients: their own appointments, and the e-mailed cancel link
// ---------------------------------------------------------------------------------------------

const mineKey = '/scheduling/me/appointments'

export function useMyAppointments() {
  return useSWR<MyAppointmentsList, ApiError>(mineKey, (path: string) => api.get<MyAppointmentsList>(path))
}

export function cancelMyAppointment(id: string) {
  return api.post<Appointment>(`${mineKey}/${encodeURIComponent(id)}/cancel`, {})
}

export function useCancelLink(token: string | null) {
  return useSWR<LinkedAppointment, ApiError>(token ? ['/scheduling/cancel-link', token] : null, ([path, t]: [string, string]) => api.post<LinkedAppointment>(path, { token: t }), {
    revalidateOnFocus: false,
    shouldRetryOnError: isRetryable,
  })
}

export function cancelByLink(token: string) {
  return api.post<LinkedAppointment>('/scheduling/cancel-link/cancel', { token })
}

/** A visit's time of day as the server worded it ("9:00 AM"), without the day and the zone. */
export const visitTimeOf = (a: Pick<Appointment, 'when'>) => a.when.replace(/^.* at /, '').replace(/ \(.*\)$/, '')

// ---------------------------------------------------------------------------------------------
// Days a clinic is closed (staff)
// ---------------------------------------------------------------------------------------------

const closedKey = '/scheduling/admin/closed-dates'

export function useClosedDates() {
  return useSWR<ClosedDate[], ApiError>(closedKey, (path: string) => api.get<ClosedDate[]>(path))
}

/** Closes a clinic for a day; the answer lists the visits still booked that day. */
export function closeDay(body: CloseDayRequest) {
  return api.post<DayClosed>(closedKey, { ...body })
}

export function reopenDay(locationUid: string, date: string) {
  return api.delete<null>(`${closedKey}/${encodeURIComponent(locationUid)}/${encodeURIComponent(date)}`)
}

/** Cancels every visit still booked on a closed day, each patient told by e-mail. */
export function cancelClosedDayVisits(locationUid: string, date: string) {
  return api.post<ClosedDayCancelled>(`${closedKey}/${encodeURIComponent(locationUid)}/${encodeURIComponent(date)}/cancel-visits`, {})
}

// ---------------------------------------------------------------------------------------------
// Pending requests by source (staff): a flood shows as one address, e-mail or phone on top
// ---------------------------------------------------------------------------------------------

const sourcesKey = '/scheduling/admin/pending-sources'

/** Fetched only while `shown` (the dashboard's section is opened). */
export function usePendingSources(shown = true) {
  return useSWR<PendingSource[], ApiError>(shown ? sourcesKey : null, (path: string) => api.get<PendingSource[]>(path))
}

/** Declines every upcoming request of the source still waiting (no e-mails); the answer says how many. */
export function releaseSource(source: ReleaseSourceRequest) {
  return api.post<{ released: number }>(`${sourcesKey}/release`, { ...source })
}
