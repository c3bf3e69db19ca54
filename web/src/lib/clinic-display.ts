import { CLINICS, WEEKDAYS, type OpeningHours, type Weekday } from '@hearing/contracts'

import { t } from '../i18n/layout.ts'

/**
 * How the website writes the clinics' details (the data: @hearing/contracts clinics.json). Kept
 * free of React, browser APIs and the '@/' alias: the pre-rendering and SEO steps import it.
 */

/** The practice-wide opening hours (every clinic keeps the same ones today). */
export const officeHours: readonly OpeningHours[] = CLINICS[0]!.hours

/** "tel:" link for a phone written like "(770) 555-0142": tel:+17705550142. */
export function phoneHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`
}

/** "Monday-Thursday", "Friday", "Saturday-Sunday"; non-consecutive days are listed ("Monday, Wednesday"). */
export function formatDays(days: readonly Weekday[]): string {
  const indexes = days.map((d) => WEEKDAYS.indexOf(d))
  const consecutive = indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1)
  const name = (day: Weekday) => t(`day.${day}` as never)
  if (days.length > 1 && consecutive) return `${name(days[0]!)}-${name(days[days.length - 1]!)}`
  return days.map(name).join(', ')
}

/** "09:00" -> "9:00 AM", "16:00" -> "4:00 PM" ("9:00 a.m.", "4:00 p.m." on Spanish pages). */
export function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number]
  // "AM"/"PM" in English, "a.m."/"p.m." in Spanish (es-US), written the same by the pre-rendering and the browser.
  const suffix = h < 12 ? t('hours.am') : t('hours.pm')
  const hour12 = h % 12 === 0 ? 12 : h % 12
  return `${hour12}:${String(m).padStart(2, '0')} ${suffix}`
}

/** "9:00 AM-4:00 PM", or "Closed" (SPEC §9 writes office hours this way); "9:00 a.m.–4:00 p.m." or "Cerrado" in Spanish. */
export function formatOpeningTimes(hours: OpeningHours): string {
  return hours.opens && hours.closes ? t('hours.range', { opens: formatTime(hours.opens), closes: formatTime(hours.closes) }) : t('hours.closed')
}
