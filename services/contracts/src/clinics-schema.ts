import { z } from 'zod'
import data from './clinics.json' with { type: 'json' }
import { WEEKDAYS } from './weekdays.js'

// The schema of clinics.json. The data is read without it (clinics.ts: the SPA's public pages must
// not load zod), so the web build and the tests check the file with checkClinicsFile.

/** Non-empty text without leading or trailing blanks. */
const text = z
  .string()
  .min(1, 'must not be empty')
  .refine((value) => value.trim() === value, 'must not start or end with spaces')
const time24 = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:MM (24-hour)')
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' })

const openingHours = z
  .strictObject({
    days: z.array(z.enum(WEEKDAYS)).min(1),
    /** Opening and closing times, or both absent when closed on these days. */
    opens: time24.optional(),
    closes: time24.optional(),
  })
  .refine((h) => (h.opens === undefined) === (h.closes === undefined), 'give both opens and closes, or neither (closed)')
  .refine((h) => h.opens === undefined || h.closes === undefined || h.opens < h.closes, 'opens must be before closes')

const clinic = z.strictObject({
  /** The location identifier the services key on (appointment types, preferred locations, messages). */
  uid: z.uuid('must be the location uid used by the services'),
  /** Office name, e.g. "Gainesville Office"; its first word is the location's name (clinics.ts locationName). */
  name: text,
  town: text,
  address: z.strictObject({
    line1: text,
    line2: text.optional(),
    city: text,
    state: z.string().regex(/^[A-Z]{2}$/, 'two-letter state code'),
    zip: z.string().regex(/^\d{5}$/, 'five-digit ZIP code'),
  }),
  /** As people read it; fictional 555-01xx numbers until the real ones are filled in. */
  phone: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'must look like (770) 555-0142'),
  /** Each weekday at most once; a weekday without opening times is closed (no bookings). */
  hours: z
    .array(openingHours)
    .min(1)
    .refine((list) => new Set(list.flatMap((h) => h.days)).size === list.flatMap((h) => h.days).length, 'name each weekday once'),
  /** False shows the office as "Coming Soon" with booking disabled (SPEC §4 Offices). */
  isOpen: z.boolean(),
  /** src of the embedded map (an https://www.google.com/maps … output=embed URL; the CSP allows that host). */
  mapEmbedUrl: httpsUrl,
  /** "Get Directions": a maps search opened in a new tab. */
  directionsUrl: httpsUrl,
})

/** clinics.json: the practice, its clinics' time zone, and the clinics (SPEC §3 "Office", §9 office hours). */
export const practiceClinicsFile = z.strictObject({
  practiceName: text,
  /** An IANA zone: a day in a filter, a booking window and opening hours are the clinics' local ones. */
  timeZone: z.string().refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone), 'must be an IANA time zone'),
  clinics: z
    .array(clinic)
    .min(1)
    .refine((list) => new Set(list.map((c) => c.uid)).size === list.length, 'each clinic needs its own uid'),
})

export type PracticeClinicsFile = z.infer<typeof practiceClinicsFile>
export type Clinic = z.infer<typeof clinic>
export type OpeningHours = z.infer<typeof openingHours>

/** clinics.json as its schema reads it; throws naming each wrong field (the web build and the tests call it). */
export function checkClinicsFile(): PracticeClinicsFile {
  const result = practiceClinicsFile.safeParse(data)
  if (!result.success) throw new Error(`Invalid services/contracts/src/clinics.json:\n${z.prettifyError(result.error)}`)
  return result.data
}
