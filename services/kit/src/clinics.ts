/**
 * The practice and its two clinics as the services know them. The uids are the identifiers other
 * services key on (appointment types, preferred locations); with the real messaging provider the
 * uids come from it instead. Names, phones and addresses match web/src/content/clinics.ts (a test
 * keeps them equal); phones are in the fictional 555-01xx range until the real ones are filled in.
 */
export const PRACTICE_NAME = 'North Georgia Hearing Care'

/** Both clinics' time zone: a day in a filter starts and ends at local midnight there. */
export const CLINIC_TIME_ZONE = 'America/New_York'

export interface ClinicSeed {
  uid: string
  /** The location's name ("Gainesville"): the first word of the office's name. */
  name: string
  phone: string
  /** The street address on one line, for e-mails and calendar entries. */
  address: string
  /** Where the clinic's staff read mail: the local messaging provider forwards patients' messages here (placeholder until the real one is filled in). */
  inbox: string
}

export const CLINICS: readonly ClinicSeed[] = [
  { uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a01', name: 'Gainesville', phone: '(770) 555-0142', address: '100 Example Street, Suite 110, Gainesville, GA 30501', inbox: 'gainesville@example.com' },
  { uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a02', name: 'Dawsonville', phone: '(706) 555-0187', address: '200 Example Road, Suite 5, Dawsonville, GA 30534', inbox: 'dawsonville@example.com' },
]

export function clinicByUid(uid: string): ClinicSeed | undefined {
  return CLINICS.find((c) => c.uid === uid)
}
