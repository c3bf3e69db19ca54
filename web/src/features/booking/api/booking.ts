import { BOOKING_DAYS_AHEAD, firstBookableDate, openingTimesOn, type BookingRequest, type BookingRequested, type BookingWindow, type Clinic, type TimeSlot } from '@hearing/contracts'
import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'
import { t } from '@/i18n/booking'

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
  if (clinic && !openingTimesOn(clinic, date)) return t('booking.date.weekday')
  if (date < (window?.first_date ?? firstBookableDate(now))) return t('booking.date.tooSoon', { days: BOOKING_DAYS_AHEAD })
  if (!window) return null
  if (date > window.last_date) return t('booking.date.tooLate', { horizon: window.horizon_days })
  if (window.closed_dates.includes(date)) return t('booking.date.closed')
  return null
}
