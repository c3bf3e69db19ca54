import { BOOKING_DAYS_AHEAD, firstBookableDate, openingTimesOn, type Clinic, type HhieAnswer } from '@hearing/contracts'
import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

/** A free start time, in the clinic's time zone whatever the visitor's. */
export interface TimeSlot {
  time: string
  label: string
  starts_at: string
}

export function useAvailableTimes(locationUid: string, typeId: string, date: string) {
  const ready = locationUid && typeId && date
  return useSWR<{ date: string; times: TimeSlot[] }, ApiError>(
    ready ? `/scheduling/availability?${new URLSearchParams({ location_uid: locationUid, appointment_type_id: typeId, date })}` : null,
    (path: string) => api.get<{ date: string; times: TimeSlot[] }>(path),
    { revalidateOnFocus: true },
  )
}

export type BookingRequest = {
  first_name: string
  last_name: string
  email: string
  phone: string
  location: string
  appointment_type_id: string
  appointment_type: string
  date: string
  time: string
  address_line1: string
  address_line2?: string
  city: string
  state: string
  zip_code: string
  notes?: string
  /** Booked from the hearing self-check (and the patient chose to send it): its answers, scored by the server. */
  hearing_self_check?: { answers: HhieAnswer[] }
}

/** POST /api/scheduling/bookings: the request, stored as pending until staff confirm it. */
export function requestBooking(body: BookingRequest) {
  return api.post<{ id: string; status: 'pending'; starts_at: string }>('/scheduling/bookings', body)
}

/**
 * The dates a clinic can be booked on online: first to last, Monday to Friday, except the closed
 * days (holidays, days staff closed). The server's availability refuses exactly the others.
 */
export interface BookingWindow {
  first_date: string
  last_date: string
  horizon_days: number
  closed_dates: string[]
}

export function useBookingWindow(locationUid: string) {
  return useSWR<BookingWindow, ApiError>(locationUid ? `/scheduling/booking-window?${new URLSearchParams({ location_uid: locationUid })}` : null, (path: string) =>
    api.get<BookingWindow>(path),
  )
}

/** Why the form will not offer times on `date` (the server's rules, told before asking it), or null. */
export function dateProblemOf(date: string, clinic: Pick<Clinic, 'hours'> | undefined, window: BookingWindow | undefined, now = new Date()): string | null {
  if (!date) return null
  if (clinic && !openingTimesOn(clinic, date)) return 'Please choose a weekday (Monday to Friday).'
  if (date < (window?.first_date ?? firstBookableDate(now))) return `Please choose a date at least ${BOOKING_DAYS_AHEAD} days from today.`
  if (!window) return null
  if (date > window.last_date) return `Please choose a date within ${window.horizon_days} days from today. For a later date, please call us.`
  if (window.closed_dates.includes(date)) return 'The clinic is closed that day. Please choose another date.'
  return null
}
