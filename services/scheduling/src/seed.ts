import { CLINICS } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import { addAppointmentTypes } from './appointment-type-store.js'
import type { Database } from './database.js'
import { seedHolidays } from './holidays.js'

/** The appointment types every clinic offers (SPEC §9), in the order patients see them. */
export const APPOINTMENT_TYPES: ReadonlyArray<{ name: string; description: string; duration_minutes: number }> = [
  { name: 'Hearing Evaluation', duration_minutes: 60, description: 'A complete hearing test with our specialist, who explains the results and your options.' },
  { name: 'Follow-up', duration_minutes: 30, description: 'A check-in after your fitting or treatment to see how you are hearing.' },
  { name: 'Adjustment', duration_minutes: 30, description: 'Fine-tuning of your hearing aids for comfort and clarity.' },
  { name: 'Consultation', duration_minutes: 60, description: 'A conversation about your hearing, your daily life and the hearing aids that suit it.' },
  { name: 'Check & Clean', duration_minutes: 30, description: 'Inspection and professional cleaning of your hearing aids.' },
  { name: 'Repair', duration_minutes: 30, description: 'Diagnosis and repair of a hearing aid that is damaged or not working as it should.' },
  { name: 'Phone Issues', duration_minutes: 30, description: 'Help connecting your hearing aids to your phone, and with calls or the app.' },
  { name: 'New Relocation', duration_minutes: 60, description: 'New to the area? We take over the care of the hearing aids you already wear.' },
  { name: 'In-Home Hearing Test', duration_minutes: 90, description: 'A hearing evaluation in your own home, for patients who cannot easily come to the clinic.' },
]

/** The nine types at each clinic, and the holidays' closed days. Leaves existing rows (and the staff's edits to them) alone. */
export async function seed(db: Kysely<Database>): Promise<void> {
  await addAppointmentTypes(db, CLINICS.flatMap((clinic) => APPOINTMENT_TYPES.map((type, i) => ({ ...type, location_uid: clinic.uid, sort_order: i + 1 }))))
  await seedHolidays(db)
}
