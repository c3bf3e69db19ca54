import { readFileSync } from 'node:fs'
import { CLINIC_TIME_ZONE, CLINICS, clinicToday } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import { DateTime } from 'luxon'
import { z } from 'zod'
import { addHolidayClosures } from './closed-date-store.js'
import type { Database } from './database.js'

/** The holidays the practice observes: data, not code (data/holidays.json). */
export const HOLIDAYS_FILE = new URL('../data/holidays.json', import.meta.url)

const rule = z.union([
  z.strictObject({ name: z.string().min(1), month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) }),
  z.strictObject({ name: z.string().min(1), month: z.number().int().min(1).max(12), weekday: z.number().int().min(1).max(7), nth: z.union([z.literal(-1), z.number().int().min(1).max(4)]) }),
])
const holidaysFile = z.object({ about: z.string().optional(), holidays: z.array(rule).min(1) })
export type HolidayRule = z.infer<typeof rule>

export function loadHolidayRules(file: URL = HOLIDAYS_FILE): HolidayRule[] {
  return holidaysFile.parse(JSON.parse(readFileSync(file, 'utf8'))).holidays
}

/** The holiday's date in `year` ("YYYY-MM-DD"), moved off a weekend: Saturday → Friday, Sunday → Monday. */
export function observedDate(holiday: HolidayRule, year: number): string {
  let day: DateTime
  if ('day' in holiday) {
    day = DateTime.fromObject({ year, month: holiday.month, day: holiday.day }, { zone: CLINIC_TIME_ZONE })
  } else if (holiday.nth === -1) {
    const last = DateTime.fromObject({ year, month: holiday.month }, { zone: CLINIC_TIME_ZONE }).endOf('month').startOf('day')
    day = last.minus({ days: (last.weekday - holiday.weekday + 7) % 7 })
  } else {
    const first = DateTime.fromObject({ year, month: holiday.month, day: 1 }, { zone: CLINIC_TIME_ZONE })
    day = first.plus({ days: ((holiday.weekday - first.weekday + 7) % 7) + 7 * (holiday.nth - 1) })
  }
  if (day.weekday === 6) day = day.minus({ days: 1 })
  if (day.weekday === 7) day = day.plus({ days: 1 })
  return day.toISODate()!
}

/** Every observed holiday from `from` ("YYYY-MM-DD") through the end of `years` calendar years. */
export function holidaysFrom(from: string, years: number, rules: readonly HolidayRule[] = loadHolidayRules()): Array<{ date: string; name: string }> {
  const first = Number(from.slice(0, 4))
  const all = Array.from({ length: years }, (_, i) => rules.map((r) => ({ date: observedDate(r, first + i), name: r.name }))).flat()
  return all.filter((h) => h.date >= from).sort((a, b) => a.date.localeCompare(b.date))
}

/**
 * Closes both clinics on the observed holidays of this year and the next two. Each holiday is added
 * once: when staff reopen one, a later seed (every start) leaves it open.
 */
export async function seedHolidays(db: Kysely<Database>, now = new Date()): Promise<void> {
  const rows = holidaysFrom(clinicToday(now), 3).flatMap((h) => CLINICS.map((c) => ({ location_uid: c.uid, date: h.date, reason: h.name })))
  await addHolidayClosures(db, rows)
}
