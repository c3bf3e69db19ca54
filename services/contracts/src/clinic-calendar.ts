import type { Clinic } from './clinics-schema.js'
import { CLINIC_TIME_ZONE } from './clinics.js'
import { WEEKDAYS, type Weekday } from './weekdays.js'

// The calendar rules the services and the SPA share, on "YYYY-MM-DD" dates in the clinics' zone
// whatever the reader's. Plain Intl and Date (no luxon, no zod): the SPA's booking page runs them.

/** How many days ahead the first bookable date is (SPEC §5 "Selectable dates"). */
export const BOOKING_DAYS_AHEAD = 3

// Built once, when first needed: a formatter with a time zone costs far more to build than to use,
// and the booking form asks for today on every render.
let clinicDates: Intl.DateTimeFormat | undefined

/** Today in the clinics' zone, "YYYY-MM-DD" (en-CA writes dates that way). */
export function clinicToday(now = new Date()): string {
  clinicDates ??= new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_TIME_ZONE })
  return clinicDates.format(now)
}

/** The calendar date `days` after `date` (no zone involved: a date is a date). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

/** The first date a patient may choose: today + 3 in the clinics' zone. */
export function firstBookableDate(now = new Date()): string {
  return addDays(clinicToday(now), BOOKING_DAYS_AHEAD)
}

/** The last date a patient may choose online: today + the horizon in the clinics' zone. */
export function lastBookableDate(now: Date, horizonDays: number): string {
  return addDays(clinicToday(now), horizonDays)
}

/** The weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!
}

/** When `clinic` opens and closes ("09:00", "16:00") on `date`'s weekday, or null when it is closed that weekday. */
export function openingTimesOn(clinic: Pick<Clinic, 'hours'>, date: string): { opens: string; closes: string } | null {
  const weekday = weekdayOf(date)
  const hours = clinic.hours.find((h) => h.days.includes(weekday))
  return hours?.opens && hours.closes ? { opens: hours.opens, closes: hours.closes } : null
}

/** Whether `date` is a real calendar date written "YYYY-MM-DD" (2026-02-30 is not). */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false
  const day = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === date
}
