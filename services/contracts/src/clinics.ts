import data from './clinics.json' with { type: 'json' }
import type { Clinic, PracticeClinicsFile } from './clinics-schema.js'

// The practice and its clinics, read from clinics.json by the services and the SPA alike. No zod
// here: the SPA's public pages show the clinics, and a schema would bring the validator with it
// (clinics-schema.ts holds it; the web build and infra's practice-data test check the file with it).

// JSON imports are typed loosely ("Monday" as string): clinics-schema.ts is what the file keeps to.
const practice = data as PracticeClinicsFile

/** The practice's name, in e-mails, calendar entries and the website's titles. */
export const PRACTICE_NAME = practice.practiceName

/** The clinics' time zone: days, opening hours and booking windows are its local ones. */
export const CLINIC_TIME_ZONE = practice.timeZone

export const CLINICS: readonly Clinic[] = practice.clinics

export function clinicByUid(uid: string): Clinic | undefined {
  return CLINICS.find((c) => c.uid === uid)
}

/**
 * The location's name ("Gainesville"): the first word of the office's name. What services call the
 * clinic (location_name, e-mails) and what /book-appointment?location= matches (SPEC §2 Locations).
 */
export function locationName(clinic: Pick<Clinic, 'name'>): string {
  return clinic.name.split(/\s+/)[0] ?? clinic.name
}

/** The location's name of a uid, or undefined when it is not one of the clinics. */
export function locationNameOf(uid: string): string | undefined {
  const clinic = clinicByUid(uid)
  return clinic && locationName(clinic)
}

/** The address on one line: "100 Example Street, Suite 110, Gainesville, GA 30501". */
export function formatAddress(address: Clinic['address']): string {
  return [address.line1, address.line2, `${address.city}, ${address.state} ${address.zip}`].filter(Boolean).join(', ')
}
