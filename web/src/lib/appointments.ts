import type { HearingSelfCheckResult } from '@hearing/contracts'
import useSWR from 'swr'

import type { BadgeTone } from '@/components/ui/badge'
import { api, isRetryable, type ApiError } from '@/lib/api-client'

/**
 * The scheduling service's API as the SPA uses it: appointment types (booking, the dashboard),
 * staff's appointments (the dashboard), a patient's own (/profile) and the e-mailed cancel link.
 */

/** An appointment type a clinic offers (SPEC §3 "Appointment type"). */
export interface AppointmentType {
  id: string
  name: string
  description: string | null
  duration_minutes: number
  location_uid: string
}

export function useAppointmentTypes(locationUid: string) {
  return useSWR<AppointmentType[], ApiError>(locationUid ? `/scheduling/appointment-types?${new URLSearchParams({ location_uid: locationUid })}` : null, (path: string) =>
    api.get<AppointmentType[]>(path),
  )
}

export type AppointmentStatus = 'pending' | 'confirmed' | 'declined' | 'cancelled' | 'completed' | 'no_show'

/** An appointment as scheduling returns it; date and time are the clinic's (Eastern), whatever the reader's zone. */
export interface Appointment {
  id: string
  location_uid: string
  location_name: string | null
  appointment_type: string
  appointment_type_id: string
  appointment_date: string
  appointment_time: string
  /** "Monday, November 30, 2026 at 10:00 AM (Eastern Standard Time)". */
  when: string
  starts_at: string
  ends_at: string
  status: AppointmentStatus
  source: 'public' | 'staff'
  first_name: string
  last_name: string
  email: string
  phone: string
  notes: string | null
  created_at: string
  cancelled_by: 'patient' | 'staff' | null
  can_cancel: boolean
  /** The hearing self-check the patient booked from, scored by the server. */
  hearing_self_check: HearingSelfCheckResult | null
}

/** SPEC §4: synced, failed (an error is recorded), otherwise local; unknown when it cannot be told. */
export type SyncState = 'synced' | 'failed' | 'local' | 'unknown'

export interface AdminAppointment extends Appointment {
  sync_state: SyncState
  podium_synced: boolean
  podium_sync_error: string | null
  /** The provider has been tried (or cannot be reached): sync_state tells how the first attempt went. */
  sync_attempted: boolean
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

/** SPEC §3 "Appointment creation payload", plus the clinic. */
export interface ScheduleRequest {
  user_id: string
  user_info: { first_name: string; last_name: string; email: string; phone?: string }
  location: string
  appointment_type_id: string
  appointment_date: string
  appointment_time: string
  notes?: string
}

export function scheduleAppointment(body: ScheduleRequest) {
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

export type StaffDecision = 'confirm' | 'decline' | 'cancel' | 'complete' | 'no-show'

export function decideAppointment(id: string, decision: StaffDecision) {
  return api.post<Appointment>(`${adminKey}/${encodeURIComponent(id)}/${decision}`, {})
}

/** Moves a confirmed upcoming appointment; the patient is e-mailed the new time and a calendar file. */
export function rescheduleAppointment(id: string, to: { appointment_date: string; appointment_time: string }) {
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

/** A time staff may choose: the visit fits within opening hours; free, or held by a live appointment. */
export interface StaffTime {
  time: string
  label: string
  starts_at: string
  held_by: null | { status: 'pending' | 'confirmed'; requested_at: string }
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

export interface MyAppointmentsList {
  upcoming: Appointment[]
  past: Appointment[]
}

export function useMyAppointments() {
  return useSWR<MyAppointmentsList, ApiError>(mineKey, (path: string) => api.get<MyAppointmentsList>(path))
}

export function cancelMyAppointment(id: string) {
  return api.post<Appointment>(`${mineKey}/${encodeURIComponent(id)}/cancel`, {})
}

export type LinkedAppointment = Pick<Appointment, 'id' | 'appointment_type' | 'location_name' | 'when' | 'starts_at' | 'status' | 'can_cancel'>

export function useCancelLink(token: string | null) {
  return useSWR<LinkedAppointment, ApiError>(token ? ['/scheduling/cancel-link', token] : null, ([path, t]: [string, string]) => api.post<LinkedAppointment>(path, { token: t }), {
    revalidateOnFocus: false,
    shouldRetryOnError: isRetryable,
  })
}

export function cancelByLink(token: string) {
  return api.post<LinkedAppointment>('/scheduling/cancel-link/cancel', { token })
}

// ---------------------------------------------------------------------------------------------
// Days a clinic is closed (staff)
// ---------------------------------------------------------------------------------------------

export interface ClosedDate {
  location_uid: string
  location_name: string | null
  date: string
  reason: string | null
}

const closedKey = '/scheduling/admin/closed-dates'

export function useClosedDates() {
  return useSWR<ClosedDate[], ApiError>(closedKey, (path: string) => api.get<ClosedDate[]>(path))
}

/** Closes a clinic for a day; the answer says how many appointments were already made that day. */
export function closeDay(body: { location_uid: string; date: string; reason?: string }) {
  return api.post<ClosedDate & { appointments_that_day: number }>(closedKey, { ...body })
}

export function reopenDay(locationUid: string, date: string) {
  return api.delete<null>(`${closedKey}/${encodeURIComponent(locationUid)}/${encodeURIComponent(date)}`)
}

// ---------------------------------------------------------------------------------------------
// Pending requests by source (staff): a flood shows as one address, e-mail or phone on top
// ---------------------------------------------------------------------------------------------

export type SourceKind = 'address' | 'email' | 'phone'

export interface PendingSource {
  kind: SourceKind
  value: string
  count: number
  requests: Array<{ id: string; name: string; appointment_type: string; location_name: string | null; when: string; requested_at: string }>
}

const sourcesKey = '/scheduling/admin/pending-sources'

/** Fetched only while `shown` (the dashboard's section is opened). */
export function usePendingSources(shown = true) {
  return useSWR<PendingSource[], ApiError>(shown ? sourcesKey : null, (path: string) => api.get<PendingSource[]>(path))
}

/** Declines every upcoming request of the source still waiting (no e-mails); the answer says how many. */
export function releaseSource(source: { kind: SourceKind; value: string }) {
  return api.post<{ released: number }>(`${sourcesKey}/release`, { ...source })
}
