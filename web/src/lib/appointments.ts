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

export type AppointmentStatus = 'pending' | 'confirmed' | 'declined' | 'cancelled'

/** An appointment as scheduling returns it; date and time are the clinic's (Eastern), whatever the reader's zone. */
export interface Appointment {
  id: string
  location_uid: string
  location_name: string | null
  appointment_type: string
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
}

/** SPEC §4: synced, failed (an error is recorded), otherwise local; unknown when it cannot be told. */
export type SyncState = 'synced' | 'failed' | 'local' | 'unknown'

export interface AdminAppointment extends Appointment {
  sync_state: SyncState
  podium_synced: boolean
  podium_sync_error: string | null
}

export const statusText: Record<AppointmentStatus, string> = { pending: 'Pending', confirmed: 'Confirmed', declined: 'Declined', cancelled: 'Cancelled' }
export const statusTone: Record<AppointmentStatus, BadgeTone> = { pending: 'primary', confirmed: 'success', declined: 'secondary', cancelled: 'outline' }

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

export function decideAppointment(id: string, decision: 'confirm' | 'decline' | 'cancel') {
  return api.post<Appointment>(`${adminKey}/${encodeURIComponent(id)}/${decision}`, {})
}

/** SPEC §9: staff schedule every 30 minutes from 09:00 to 17:00 ("09:00" → "9:00 AM"). */
export const STAFF_TIMES: ReadonlyArray<{ value: string; label: string }> = Array.from({ length: 17 }, (_, i) => {
  const minutes = 9 * 60 + i * 30
  const hour = Math.floor(minutes / 60)
  const minute = String(minutes % 60).padStart(2, '0')
  return { value: `${String(hour).padStart(2, '0')}:${minute}`, label: `${((hour + 11) % 12) + 1}:${minute} ${hour < 12 ? 'AM' : 'PM'}` }
})

/** Today in the clinic's zone ("YYYY-MM-DD"): staff may not schedule before it. */
export function clinicToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now)
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
