import { DateTime } from 'luxon'

/**
 * When patients may book (SPEC §5 "Selectable dates", "Time slots"; §9 office hours), in the
 * clinic's own time zone whatever the visitor's: weekdays from today + 3, starts on the hour and
 * half hour from 09:00, the appointment ending by 16:00 Monday to Thursday and 13:00 on Friday.
 * Wall-clock times are turned into instants by luxon with the zone's rules, so a day after a DST
 * switch still starts at 09:00 local.
 */
export const CLINIC_TIME_ZONE = 'America/New_York'
export const DAYS_AHEAD = 3
/** How far ahead patients may request a time online unless configured (BOOKING_HORIZON_DAYS). */
export const DEFAULT_HORIZON_DAYS = 120
export const SLOT_STEP_MINUTES = 30
const OPENS = { hour: 9, minute: 0 }
/** Closing time by ISO weekday (1 = Monday); weekends are absent: closed. */
const CLOSES: Record<number, { hour: number; minute: number }> = {
  1: { hour: 16, minute: 0 },
  2: { hour: 16, minute: 0 },
  3: { hour: 16, minute: 0 },
  4: { hour: 16, minute: 0 },
  5: { hour: 13, minute: 0 },
}

export interface Slot {
  /** Clinic wall-clock start, "09:30". */
  time: string
  /** As patients read it: "9:30 AM". */
  label: string
  starts_at: Date
  ends_at: Date
}

export type DateRefusal = 'invalid' | 'too-soon' | 'too-far' | 'weekend' | 'closed'

/** Why a date cannot be booked, as the 400's message says it after "date: ". */
export function dateRefusalMessage(refusal: DateRefusal, horizonDays = DEFAULT_HORIZON_DAYS): string {
  return {
    invalid: 'must be a date (YYYY-MM-DD)',
    'too-soon': `must be at least ${DAYS_AHEAD} days from today`,
    'too-far': `must be within ${horizonDays} days from today; for a later date, please call the clinic`,
    weekend: 'must be a weekday (Monday to Friday)',
    closed: 'the clinic is closed that day; please choose another date',
  }[refusal]
}

/** The first date a patient may choose: today + 3 in the clinic's zone, "YYYY-MM-DD". */
export function firstBookableDate(now: Date, zone = CLINIC_TIME_ZONE): string {
  return DateTime.fromJSDate(now, { zone }).startOf('day').plus({ days: DAYS_AHEAD }).toISODate()!
}

/** The last date a patient may choose online: today + the horizon in the clinic's zone. */
export function lastBookableDate(now: Date, horizonDays = DEFAULT_HORIZON_DAYS, zone = CLINIC_TIME_ZONE): string {
  return DateTime.fromJSDate(now, { zone }).startOf('day').plus({ days: horizonDays }).toISODate()!
}

/** Why a date has no opening hours at all (patients and staff alike). */
export type ClosedRefusal = 'invalid' | 'weekend' | 'closed'

/**
 * The clinic's slots on `date` for a visit of `durationMinutes`: from opening, every half hour,
 * the visit ending by closing time; or why the clinic is closed that day. The rule patients and
 * staff share (staff are not held to the online booking window).
 */
export function openingSlots(
  date: string,
  durationMinutes: number,
  { closedDates = new Set<string>(), zone = CLINIC_TIME_ZONE }: { closedDates?: ReadonlySet<string>; zone?: string } = {},
): { slots: Slot[] } | { refused: ClosedRefusal } {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? DateTime.fromISO(date, { zone }) : DateTime.invalid('format')
  if (!day.isValid || day.toISODate() !== date) return { refused: 'invalid' }
  const closes = CLOSES[day.weekday]
  if (!closes) return { refused: 'weekend' }
  if (closedDates.has(date)) return { refused: 'closed' }
  const closing = day.set({ ...closes, second: 0, millisecond: 0 })
  const slots: Slot[] = []
  for (let start = day.set({ ...OPENS, second: 0, millisecond: 0 }); start.plus({ minutes: durationMinutes }) <= closing; start = start.plus({ minutes: SLOT_STEP_MINUTES })) {
    const end = start.plus({ minutes: durationMinutes })
    slots.push({ time: start.toFormat('HH:mm'), label: start.toFormat('h:mm a'), starts_at: start.toJSDate(), ends_at: end.toJSDate() })
  }
  return { slots }
}

/** "9:00 AM to 1:00 PM" on `date`'s weekday, or null when the clinic is closed on that weekday. */
export function openingHoursOf(date: string, zone = CLINIC_TIME_ZONE): string | null {
  const day = DateTime.fromISO(date, { zone })
  const closes = CLOSES[day.weekday]
  if (!day.isValid || !closes) return null
  return `${day.set(OPENS).toFormat('h:mm a')} to ${day.set(closes).toFormat('h:mm a')}`
}

/**
 * The slots of `date` a patient may request online for an appointment of `durationMinutes`, before
 * taking booked ones out; or why the date cannot be booked.
 */
export function slotsOf(
  date: string,
  durationMinutes: number,
  { now, closedDates = new Set<string>(), horizonDays = DEFAULT_HORIZON_DAYS, zone = CLINIC_TIME_ZONE }: { now: Date; closedDates?: ReadonlySet<string>; horizonDays?: number; zone?: string },
): { slots: Slot[] } | { refused: DateRefusal } {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? DateTime.fromISO(date, { zone }) : DateTime.invalid('format')
  if (!day.isValid || day.toISODate() !== date) return { refused: 'invalid' }
  if (date < firstBookableDate(now, zone)) return { refused: 'too-soon' }
  if (date > lastBookableDate(now, horizonDays, zone)) return { refused: 'too-far' }
  return openingSlots(date, durationMinutes, { closedDates, zone })
}

/** Slots that overlap none of the taken ranges. */
export function freeSlots(slots: readonly Slot[], taken: ReadonlyArray<{ starts_at: Date; ends_at: Date }>): Slot[] {
  return slots.filter((s) => !taken.some((t) => s.starts_at < t.ends_at && t.starts_at < s.ends_at))
}

/** "Mon, Nov 30 at 9:30 AM" for a text, where every character counts (the clinic's time). */
export function describeStartShort(startsAt: Date, zone = CLINIC_TIME_ZONE): string {
  return DateTime.fromJSDate(startsAt, { zone }).toFormat("ccc, LLL d 'at' h:mm a")
}

/** "Monday, November 30, 2026 at 9:30 AM (Eastern Time)" for messages to the clinic and patients. */
export function describeStart(startsAt: Date, zone = CLINIC_TIME_ZONE): string {
  const t = DateTime.fromJSDate(startsAt, { zone })
  return `${t.toFormat('cccc, LLLL d, yyyy')} at ${t.toFormat('h:mm a')} (${t.offsetNameLong ?? zone})`
}
