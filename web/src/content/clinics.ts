import { z } from 'zod'

import { defineContent, httpsUrl, text, time24, usPhone, weekday, WEEKDAYS, type Weekday } from './schema.ts'

/**
 * The practice's offices (SPEC §3 "Office", §9 office hours). `uid` is the location identifier
 * the services key on (services/kit/src/clinics.ts); `name`'s first word is the location's name
 * there too, and what /book-appointment?location= matches (see `bookingLocationQuery`).
 *
 * Street addresses are placeholders and the phone numbers are in the fictional 555-01xx range:
 * replace both with the real ones. The map and directions links point at the town, not the
 * placeholder street, so they show something sensible until then.
 */

const openingHoursSchema = z
  .strictObject({
    days: z.array(weekday).min(1),
    /** Opening and closing times, or both absent when closed on these days. */
    opens: time24.optional(),
    closes: time24.optional(),
  })
  .refine((h) => (h.opens === undefined) === (h.closes === undefined), 'give both opens and closes, or neither (closed)')
  .refine((h) => h.opens === undefined || h.closes === undefined || h.opens < h.closes, 'opens must be before closes')

const clinicSchema = z.strictObject({
  uid: z.uuid('must be the location uid used by the services'),
  /** Office name, e.g. "Gainesville Office"; its first word is the location's name. */
  name: text,
  town: text,
  address: z.strictObject({
    line1: text,
    line2: text.optional(),
    city: text,
    state: z.string().regex(/^[A-Z]{2}$/, 'two-letter state code'),
    zip: z.string().regex(/^\d{5}$/, 'five-digit ZIP code'),
  }),
  phone: usPhone,
  hours: z.array(openingHoursSchema).min(1),
  /** False shows the office as "Coming Soon" with booking disabled (SPEC §4 Offices). */
  isOpen: z.boolean(),
  /** src of the embedded map (an https://www.google.com/maps … output=embed URL; the CSP allows that host). */
  mapEmbedUrl: httpsUrl,
  /** "Get Directions": a maps search opened in a new tab. */
  directionsUrl: httpsUrl,
})

const clinicsSchema = z
  .array(clinicSchema)
  .min(1)
  .refine((list) => new Set(list.map((c) => c.uid)).size === list.length, 'each clinic needs its own uid')

export type Clinic = z.infer<typeof clinicSchema>
export type OpeningHours = z.infer<typeof openingHoursSchema>

const mapQuery = (query: string) => encodeURIComponent(query)
const weekHours: OpeningHours[] = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '09:00', closes: '16:00' },
  { days: ['Friday'], opens: '09:00', closes: '13:00' },
  { days: ['Saturday', 'Sunday'] },
]

export const clinics: readonly Clinic[] = defineContent('clinics', clinicsSchema, [
  {
    uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a01',
    name: 'Gainesville Office',
    town: 'Gainesville',
    address: { line1: '100 Example Street', line2: 'Suite 110', city: 'Gainesville', state: 'GA', zip: '30501' },
    phone: '(770) 555-0142',
    hours: weekHours,
    isOpen: true,
    mapEmbedUrl: `https://www.google.com/maps?q=${mapQuery('Gainesville, GA 30501')}&output=embed`,
    directionsUrl: `https://www.google.com/maps/search/?api=1&query=${mapQuery('Gainesville, GA 30501')}`,
  },
  {
    uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a02',
    name: 'Dawsonville Office',
    town: 'Dawsonville',
    address: { line1: '200 Example Road', line2: 'Suite 5', city: 'Dawsonville', state: 'GA', zip: '30534' },
    phone: '(706) 555-0187',
    hours: weekHours,
    isOpen: true,
    mapEmbedUrl: `https://www.google.com/maps?q=${mapQuery('Dawsonville, GA 30534')}&output=embed`,
    directionsUrl: `https://www.google.com/maps/search/?api=1&query=${mapQuery('Dawsonville, GA 30534')}`,
  },
])

/** The practice-wide opening hours (every clinic keeps the same ones today). */
export const officeHours: readonly OpeningHours[] = clinics[0]!.hours

/** "tel:" link for a phone written like "(770) 555-0142": tel:+17705550142. */
export function phoneHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`
}

/** Value of /book-appointment?location= for an office: the first word of its name (SPEC §2 Locations). */
export function bookingLocationQuery(clinic: Pick<Clinic, 'name'>): string {
  return clinic.name.split(/\s+/)[0] ?? clinic.name
}

/** The address on one line: "100 Example Street, Suite 110, Gainesville, GA 30501". */
export function formatAddress(address: Clinic['address']): string {
  return [address.line1, address.line2, `${address.city}, ${address.state} ${address.zip}`].filter(Boolean).join(', ')
}

/** "Monday-Thursday", "Friday", "Saturday-Sunday"; non-consecutive days are listed ("Monday, Wednesday"). */
export function formatDays(days: readonly Weekday[]): string {
  const indexes = days.map((d) => WEEKDAYS.indexOf(d))
  const consecutive = indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1)
  if (days.length > 1 && consecutive) return `${days[0]}-${days[days.length - 1]}`
  return days.join(', ')
}

/** "09:00" -> "9:00 AM", "16:00" -> "4:00 PM". */
export function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number]
  const suffix = h < 12 ? 'AM' : 'PM'
  const hour12 = h % 12 === 0 ? 12 : h % 12
  return `${hour12}:${String(m).padStart(2, '0')} ${suffix}`
}

/** "9:00 AM-4:00 PM", or "Closed" (SPEC §9 writes office hours this way). */
export function formatOpeningTimes(hours: OpeningHours): string {
  return hours.opens && hours.closes ? `${formatTime(hours.opens)}-${formatTime(hours.closes)}` : 'Closed'
}
