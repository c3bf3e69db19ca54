import { clinicToday } from '@hearing/contracts'
import type { APIRequestContext } from '@playwright/test'

/**
 * A clinic's open weekdays from `fromDaysAhead` days after today (the clinics' zone), in order,
 * "YYYY-MM-DD": read from the booking window the form itself uses, so holidays and closed days are
 * skipped as the form skips them (a journey run in late December must not pick Christmas).
 */
export async function openWeekdays(request: APIRequestContext, fromDaysAhead: number, clinic = 'Gainesville'): Promise<string[]> {
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const uid = locations.find((l) => l.name === clinic)!.uid
  const window = (await (await request.get(`/api/scheduling/booking-window?location_uid=${uid}`)).json()) as { first_date: string; last_date: string; closed_dates: string[] }
  const today = clinicToday()
  const day = new Date(`${today}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + fromDaysAhead)
  const open: string[] = []
  for (; day.toISOString().slice(0, 10) <= window.last_date; day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10)
    if (date >= window.first_date && ![0, 6].includes(day.getUTCDay()) && !window.closed_dates.includes(date)) open.push(date)
  }
  return open
}
