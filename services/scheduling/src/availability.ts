import { BOOKING_DAYS_AHEAD, CLINIC_TIME_ZONE, firstBookableDate, isCalendarDate, lastBookableDate, openingTimesOn, type Clinic } from '@hearing/contracts'
import { DateTime } from 'luxon'

/**
 * When patients may book (SPEC §5 "Selectable dates", "Time slots"; §9 office hours), in the
 * clinic's own time zone whatever the visitor's: from today + 3 (@hearing/contracts
 * firstBookableDate), on the clinic's opening days, starts on the hour and half hour from opening,
 * the appointment ending by closing time (the clinic's hours in clinics.json). Wall-clock times
 * are turned into instants by luxon with the zone's rules, so a day after a DST switch still
 * starts at 09:00 local.
 */

/** How far ahead patients may request a time online unless configured (BOOKING_HORIZON_DAYS). */
export const DEFAULT_HORIZON_DAYS = 120
export const SLOT_STEP_MINUTES = 30

export interface Slot {
  /** Clinic wall-clock start, "09:30". */
  time: string
  /** As patients read it: "9:30 AM". */
  label: string
  starts_at: Date
  ends_at: Date
}

/** The start of a calendar date ("YYYY-MM-DD", a real one) in the clinics' zone, or null. */
function clinicDay(date: string): DateTime | null {
  return isCalendarDate(date) ? DateTime.fromISO(date, { zone: CLINIC_TIME_ZONE }) : null
}

/** `day` at a wall-clock time of the clinic ("09:00"). */
function atTime(day: DateTime, time: string): DateTime {
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  return day.set({ hour, minute, second: 0, millisecond: 0 })
}

export type DateRefusal = 'invalid' | 'too-soon' | 'too-far' | 'weekend' | 'closed'

/** Why a date cannot be booked, as the 400's message says it after "date: ". */
export function dateRefusalMessage(refusal: DateRefusal, horizonDays = DEFAULT_HORIZON_DAYS): string {
  return {
    invalid: 'must be a date (YYYY-MM-DD)',
    'too-soon': `must be at least ${BOOKING_DAYS_AHEAD} days from today`,
    'too-far': `must be within ${horizonDays} days from today; for a later date, please call the clinic`,
    weekend: 'must be a weekday (Monday to Friday)',
    closed: 'the clinic is closed that day; please choose another date',
  }[refusal]
}

/** Why a date has no opening hours at all (patients and staff alike). */
export type ClosedRefusal = 'invalid' | 'weekend' | 'closed'

/**
 * The clinic's slots on `date` for a visit of `durationMinutes`: from opening, every half hour,
 * the visit ending by closing time; or why the clinic is closed that day. The rule patients and
 * staff share (staff are not held to the online booking window).
 */
export function openingSlots(
  clinic: Pick<Clinic, 'hours'>,
  date: string,
  durationMinutes: number,
  { closedDates = new Set<string>() }: { closedDates?: ReadonlySet<string> } = {},
): { slots: Slot[] } | { refused: ClosedRefusal } {
  const day = clinicDay(date)
  if (!day) return { refused: 'invalid' }
  const times = openingTimesOn(clinic, date)
  if (!times) return { refused: 'weekend' }
  if (closedDates.has(date)) return { refused: 'closed' }
  const closing = atTime(day, times.closes)
  const slots: Slot[] = []
  for (let start = atTime(day, times.opens); start.plus({ minutes: durationMinutes }) <= closing; start = start.plus({ minutes: SLOT_STEP_MINUTES })) {
    const end = start.plus({ minutes: durationMinutes })
    slots.push({ time: start.toFormat('HH:mm'), label: start.toFormat('h:mm a'), starts_at: start.toJSDate(), ends_at: end.toJSDate() })
  }
  return { slots }
}

/** "9:00 AM to 1:00 PM" on `date`'s weekday, or null when the clinic is closed on that weekday. */
export function openingHoursOf(clinic: Pick<Clinic, 'hours'>, date: string): string | null {
  const day = clinicDay(date)
  const times = day && openingTimesOn(clinic, date)
  if (!day || !times) return null
  return `${atTime(day, times.opens).toFormat('h:mm a')} to ${atTime(day, times.closes).toFormat('h:mm a')}`
}

/**
 * The slots of `date` a patient may request online for an appointment of `durationMinutes`, before
 * taking booked ones out; or why the date cannot be booked.
 */
export function slotsOf(
  clinic: Pick<Clinic, 'hours'>,
  date: string,
  durationMinutes: number,
  { now, closedDates = new Set<string>(), horizonDays = DEFAULT_HORIZON_DAYS }: { now: Date; closedDates?: ReadonlySet<string>; horizonDays?: number },
): { slots: Slot[] } | { refused: DateRefusal } {
  if (!clinicDay(date)) return { refused: 'invalid' }
  if (date < firstBookableDate(now)) return { refused: 'too-soon' }
  if (date > lastBookableDate(now, horizonDays)) return { refused: 'too-far' }
  return openingSlots(clinic, date, durationMinutes, { closedDates })
}

/** Slots that overlap none of the taken ranges. */
export function freeSlots(slots: readonly Slot[], taken: ReadonlyArray<{ starts_at: Date; ends_at: Date }>): Slot[] {
  return slots.filter((s) => !taken.some((t) => s.starts_at < t.ends_at && t.starts_at < s.ends_at))
}

/** "Monday, November 30, 2026 at 9:30 AM (Eastern Time)" for messages to the clinic and patients. */
export function describeStart(startsAt: Date): string {
  const t = DateTime.fromJSDate(startsAt, { zone: CLINIC_TIME_ZONE })
  return `${t.toFormat('cccc, LLLL d, yyyy')} at ${t.toFormat('h:mm a')} (${t.offsetNameLong ?? CLINIC_TIME_ZONE})`
}
