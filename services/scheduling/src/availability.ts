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

export type DateRefusal = 'invalid' | 'too-soon' | 'weekend' | 'closed'

export const DATE_REFUSALS: Record<DateRefusal, string> = {
  invalid: 'must be a date (YYYY-MM-DD)',
  'too-soon': `must be at least ${DAYS_AHEAD} days from today`,
  weekend: 'must be a weekday (Monday to Friday)',
  closed: 'the clinic is closed that day',
}

/** The first date a patient may choose: today + 3 in the clinic's zone, "YYYY-MM-DD". */
export function firstBookableDate(now: Date, zone = CLINIC_TIME_ZONE): string {
  return DateTime.fromJSDate(now, { zone }).startOf('day').plus({ days: DAYS_AHEAD }).toISODate()!
}

/**
 * The slots of `date` for an appointment of `durationMinutes`, before taking booked ones out; or
 * why the date cannot be booked.
 */
export function slotsOf(
  date: string,
  durationMinutes: number,
  { now, closedDates = new Set<string>(), zone = CLINIC_TIME_ZONE }: { now: Date; closedDates?: ReadonlySet<string>; zone?: string },
): { slots: Slot[] } | { refused: DateRefusal } {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? DateTime.fromISO(date, { zone }) : DateTime.invalid('format')
  if (!day.isValid || day.toISODate() !== date) return { refused: 'invalid' }
  if (date < firstBookableDate(now, zone)) return { refused: 'too-soon' }
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

/** Slots that overlap none of the taken ranges. */
export function freeSlots(slots: readonly Slot[], taken: ReadonlyArray<{ starts_at: Date; ends_at: Date }>): Slot[] {
  return slots.filter((s) => !taken.some((t) => s.starts_at < t.ends_at && t.starts_at < s.ends_at))
}

/** "Monday, November 30, 2026 at 9:30 AM (Eastern Time)" for messages to the clinic and patients. */
export function describeStart(startsAt: Date, zone = CLINIC_TIME_ZONE): string {
  const t = DateTime.fromJSDate(startsAt, { zone })
  return `${t.toFormat('cccc, LLLL d, yyyy')} at ${t.toFormat('h:mm a')} (${t.offsetNameLong ?? zone})`
}
