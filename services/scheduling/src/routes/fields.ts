import { hearingSelfCheckResult } from '@hearing/contracts'
import { DateTime } from 'luxon'
import { z } from 'zod'
import { APPOINTMENT_STATUSES } from '../database.js'

/** Request fields several routes share. */
export const uid = z.string().trim().min(1, 'is required').max(64)
/** A real calendar date: 2026-02-30 is refused here rather than by PostgreSQL. */
export const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((v) => DateTime.fromISO(v).toISODate() === v, 'must be a date (YYYY-MM-DD)')
export const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)')
export const email = z.string().trim().max(254).pipe(z.email('must be an e-mail address'))
export const phone = z.string().trim().regex(/^[+()\d\s.-]{7,25}$/, 'must be a phone number')
export const appointmentId = z.object({ id: z.uuid({ error: 'must be an appointment id' }) })
/** Appointment types are keyed by uuid: anything else is a 400 here, never a database error. */
export const typeId = z.uuid({ error: 'must be an appointment type id' })

/** An appointment as patients and staff read it (appointments.ts appointmentView). */
export const appointmentView = z.object({
  id: z.string(),
  location_uid: z.string(),
  location_name: z.string().nullable(),
  appointment_type: z.string(),
  appointment_type_id: z.string(),
  appointment_date: z.string(),
  appointment_time: z.string(),
  when: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  source: z.enum(['public', 'staff']),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
  cancelled_by: z.enum(['patient', 'staff']).nullable(),
  can_cancel: z.boolean(),
  /** The hearing self-check the patient booked from, if any (staff, and the patient's own list). */
  hearing_self_check: hearingSelfCheckResult.nullable(),
})
