import { BOOKING_DAYS_AHEAD, firstBookableDate, openingTimesOn, type BookingRequest, type BookingRequested, type BookingWindow, type Clinic, type TimeSlot } from '@hearing/contracts'
import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

/** The free times of a day for a type (GET /api/scheduling/availability). */
export function useAvailableTimes(locationUid: string, typeId: string, date: string) {
  const ready = locationUid && typeId && date
  return useSWR<{ date: string; times: TimeSlot[] }, ApiError>(
    ready ? `/scheduling/availability?${new URLSearchParams({ location_uid: locationUid, appointment_type_id: typeId, date })}` : null,
    (path: string) => api.get<{ date: string; times: TimeSlot[] }>(path),
    { revalidateOnFocus: true },
  )
}

/** POST /api/scheduling/bookings: the request, stored as pending until staff confirm it. */
export function requestBooking(body: BookingRequest) {
  return api.post<BookingRequested>('/scheduling/bookings', body)
}

/** The dates the form may offer at a clinic; the server's availability refuses exactly the others. */
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
