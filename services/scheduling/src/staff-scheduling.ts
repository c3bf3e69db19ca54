import { httpError } from '@hearing/service-kit'
import { CLINIC_TIME_ZONE, clinicByUid, clinicToday, DEFAULT_PATIENT_LANGUAGE, type AppointmentStatus, type Clinic, type PatientLanguage } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import { DateTime } from 'luxon'
import { appointmentsStartingBetween, insertAppointment, liveAppointmentsBetween, moveAppointment, nextCalendarSequence, type AppointmentRow } from './appointment-store.js'
import { closedDates } from './closed-date-store.js'
import { activeType, typeDuration } from './appointment-type-store.js'
import { cancelLink, findOrThrow, newCancelToken, notApplicable, queueSync, sendConfirmation } from './appointments.js'
import { dateRefusalMessage, freeSlots, openingHoursOf, openingSlots, type Slot } from './availability.js'
import { claimSlot, SLOT_TAKEN_MESSAGE } from './bookings.js'
import type { Database } from './database.js'
import { queuePatientEmail, rescheduledEmail } from './patient-emails.js'

type Db = Kysely<Database>

/**
 * Staff schedule by the patients' rules (opening hours, closed days, the visit ending by closing
 * time: availability.ts openingSlots), without the online booking window: any day from today on.
 */

/** A conflicting appointment made longer ago than this did not "just" take the time. */
const JUST_TAKEN_MS = 10 * 60_000

export interface StaffSlot extends Slot {
  /** Free, or held by an appointment (then what holds it, for the form). */
  held_by: null | { status: 'pending' | 'confirmed'; requested_at: string }
}

function clinicOrThrow(locationUid: string): Clinic {
  const clinic = clinicByUid(locationUid)
  if (!clinic) throw httpError(400, 'location: is not one of our clinics')
  return clinic
}

async function typeOrThrow(db: Db, locationUid: string, typeId: string) {
  clinicOrThrow(locationUid)
  const type = await activeType(db, locationUid, typeId)
  if (!type) throw httpError(400, 'appointment_type_id: is not an appointment type of this location')
  return type
}

/** The times staff may choose on a day for a type: the visit fits within opening hours, not yet started; each marked free or held. */
export async function staffSlots(db: Db, { locationUid, typeId, date }: { locationUid: string; typeId: string; date: string }, now: Date): Promise<StaffSlot[]> {
  const type = await typeOrThrow(db, locationUid, typeId)
  const slots = await openSlotsOrThrow(db, locationUid, date, type.duration_minutes, now)
  if (slots.length === 0) return []
  const live = await liveAppointmentsBetween(db, locationUid, slots[0]!.starts_at, slots.at(-1)!.ends_at)
  const free = new Set(freeSlots(slots, live).map((s) => s.time))
  return slots.map((s) => {
    if (free.has(s.time)) return { ...s, held_by: null }
    const holder = live.find((a) => s.starts_at < a.ends_at && a.starts_at < s.ends_at)!
    return { ...s, held_by: { status: holder.status as 'pending' | 'confirmed', requested_at: holder.created_at.toISOString() } }
  })
}

async function openSlotsOrThrow(db: Db, locationUid: string, date: string, durationMinutes: number, now: Date): Promise<Slot[]> {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date) && date < clinicToday(now)) throw httpError(400, 'date: may not be in the past')
  const day = openingSlots(clinicOrThrow(locationUid), date, durationMinutes, { closedDates: await closedDates(db, locationUid, date, date) })
  if ('refused' in day) throw httpError(400, `date: ${dateRefusalMessage(day.refused)}`)
  return day.slots.filter((s) => s.starts_at > now)
}

/** Why `time` cannot be scheduled on an open day, in the words staff need. */
function timeRefusal(clinic: Clinic, date: string, time: string, durationMinutes: number, slots: readonly Slot[]): string {
  if (slots.length === 0) return 'time: no time is left today that a visit of this length fits into; please choose another date'
  const hours = openingHoursOf(clinic, date)
  const last = slots.at(-1)!.label
  if (!/^\d{2}:(00|30)$/.test(time)) return 'time: must be on the hour or half hour'
  return `time: a ${durationMinutes}-minute visit must start and end within opening hours (${hours}); the last start that day is ${last}`
}

/** 409's words when the time is held: "just taken" only when it was; a request staff have left waiting is named as such. */
async function conflictMessage(db: Db, locationUid: string, startsAt: Date, endsAt: Date, now: Date): Promise<string> {
  const [holder] = await liveAppointmentsBetween(db, locationUid, startsAt, endsAt)
  if (!holder || now.getTime() - holder.created_at.getTime() < JUST_TAKEN_MS) return SLOT_TAKEN_MESSAGE
  if (holder.status === 'pending') {
    const made = DateTime.fromJSDate(holder.created_at, { zone: CLINIC_TIME_ZONE }).toFormat('LLL d')
    return `That time is held by an appointment request made on ${made} that is still waiting for a decision — confirm or decline it in Recent Appointments, or choose another time`
  }
  return 'That time is already booked — please choose another'
}

export interface StaffScheduleInput {
  user_id: string
  patient: { first_name: string; last_name: string; email: string; phone?: string | undefined }
  location: string
  appointment_type_id: string
  date: string
  time: string
  notes?: string | undefined
  /** The patient's language (their account's): the e-mails about the visit are in it. */
  language?: PatientLanguage | undefined
}

/**
 * An appointment staff make for a patient (confirmed at once): stored, handed to the messaging
 * provider and confirmed to the patient by e-mail, all in one transaction. 400 outside opening
 * hours; 409 when it overlaps another live appointment of the clinic.
 */
export async function scheduleByStaff(db: Db, input: StaffScheduleInput, { staffId, now, publicUrl }: { staffId: string; now: Date; publicUrl: string }): Promise<AppointmentRow> {
  const type = await typeOrThrow(db, input.location, input.appointment_type_id)
  const slots = await openSlotsOrThrow(db, input.location, input.date, type.duration_minutes, now)
  const slot = slots.find((s) => s.time === input.time)
  if (!slot) {
    const start = DateTime.fromISO(`${input.date}T${input.time}`, { zone: CLINIC_TIME_ZONE })
    if (start.isValid && start.toJSDate() <= now) throw httpError(400, 'time: has already passed today')
    throw httpError(400, timeRefusal(clinicOrThrow(input.location), input.date, input.time, type.duration_minutes, slots))
  }
  try {
    return await db.transaction().execute(async (trx) => {
      await claimSlot(trx, input.location, slot.starts_at, slot.ends_at)
      const row = await insertAppointment(trx, {
        created_at: now,
        location_uid: input.location,
        appointment_type_id: type.id,
        appointment_type: type.name,
        starts_at: slot.starts_at,
        ends_at: slot.ends_at,
        status: 'confirmed',
        source: 'staff',
        user_id: input.user_id,
        first_name: input.patient.first_name,
        last_name: input.patient.last_name,
        email: input.patient.email,
        phone: input.patient.phone ?? '',
        notes: input.notes?.trim() || null,
        created_by: staffId,
        decided_at: now,
        decided_by: staffId,
        language: input.language ?? DEFAULT_PATIENT_LANGUAGE,
      })
      await queueSync(trx, row)
      await sendConfirmation(trx, row, publicUrl)
      return row
    })
  } catch (err) {
    if ((err as { code?: string }).code === '23P01') throw httpError(409, await conflictMessage(db, input.location, slot.starts_at, slot.ends_at, now))
    throw err
  }
}

/**
 * Staff move a confirmed upcoming appointment to another time by the same rules as scheduling;
 * the patient is e-mailed the new time with a calendar file that replaces the old entry and a
 * fresh cancel link, in the same transaction. Reminders follow the new time (reminders.ts).
 */
export async function rescheduleByStaff(db: Db, id: string, to: { date: string; time: string }, { now, publicUrl }: { now: Date; publicUrl: string }): Promise<AppointmentRow> {
  const current = await findOrThrow(db, id)
  if (current.status !== 'confirmed' || current.starts_at <= now) throw notApplicable(current, 'moved', now)
  const durationMinutes = await typeDuration(db, current.appointment_type_id)
  const slots = await openSlotsOrThrow(db, current.location_uid, to.date, durationMinutes, now)
  const slot = slots.find((s) => s.time === to.time)
  if (!slot) throw httpError(400, timeRefusal(clinicOrThrow(current.location_uid), to.date, to.time, durationMinutes, slots))
  try {
    return await db.transaction().execute(async (trx) => {
      await claimSlot(trx, current.location_uid, slot.starts_at, slot.ends_at)
      const row = await moveAppointment(trx, id, current.starts_at, slot, now)
      // Another staff member changed it meanwhile.
      if (!row) throw notApplicable(await findOrThrow(trx, id), 'moved', now)
      const token = await newCancelToken(trx, row.id)
      const sequence = (await nextCalendarSequence(trx, row.id))!
      await queuePatientEmail(trx, row.id, 'appointment-rescheduled', rescheduledEmail(row, current.starts_at, cancelLink(publicUrl, token, row.language), sequence), slot.starts_at.toISOString())
      return row
    })
  } catch (err) {
    if ((err as { code?: string }).code === '23P01') throw httpError(409, await conflictMessage(db, current.location_uid, slot.starts_at, slot.ends_at, now))
    throw err
  }
}

/** A day or a week of one clinic or both, by start time: the front desk's schedule. */
export async function scheduleOf(db: Db, { from, days, locationUid, status }: { from: string; days: number; locationUid?: string | undefined; status?: AppointmentStatus | undefined }): Promise<AppointmentRow[]> {
  const start = DateTime.fromISO(from, { zone: CLINIC_TIME_ZONE })
  return appointmentsStartingBetween(db, { from: start.toJSDate(), to: start.plus({ days }).toJSDate(), locationUid, status })
}
