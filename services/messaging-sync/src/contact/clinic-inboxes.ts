import { readFileSync } from 'node:fs'
import { CLINICS } from '@hearing/contracts'
import { z } from 'zod'

/**
 * Where each clinic's staff read mail, by clinic uid: data, not code (data/clinic-inboxes.json).
 * Kept here rather than in the clinics' shared file, which the website's scripts carry: staff
 * addresses published there would invite mail that skips the contact form's limits.
 */
export const CLINIC_INBOXES_FILE = new URL('../../data/clinic-inboxes.json', import.meta.url)

const inboxesFile = z
  .object({ about: z.string().optional(), inboxes: z.record(z.uuid(), z.email('must be an e-mail address')) })
  .refine((file) => CLINICS.every((clinic) => clinic.uid in file.inboxes), 'every clinic needs an inbox')

/** The inboxes by clinic uid; throws (at boot) when the file is missing a clinic or an address is not one. */
export function loadClinicInboxes(file: URL = CLINIC_INBOXES_FILE): ReadonlyMap<string, string> {
  return new Map(Object.entries(inboxesFile.parse(JSON.parse(readFileSync(file, 'utf8'))).inboxes))
}
