import { CLINIC_TIME_ZONE, clinicByUid, DEFAULT_PATIENT_LANGUAGE, firstBookableDate, lastBookableDate, locationName, scoreHearingSelfCheck, type BookingRequestBody, type Clinic } from '@hearing/contracts'
import { addToOutbox, httpError } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import { DateTime } from 'luxon'
import { insertAppointment, liveAppointmentsBetween, tryTransactionLock } from './appointment-store.js'
import { closedDates } from './closed-date-store.js'
import { activeType } from './appointment-type-store.js'
import { dateRefusalMessage, describeStart, freeSlots, SLOT_STEP_MINUTES, slotsOf, type Slot } from './availability.js'
import { holdVisitorLimits, type BookingLimits } from './booking-limits.js'
import type { Database } from './database.js'
import { queuePatientEmail, requestedEmail } from './patient-emails.js'

export const SLOT_TAKEN_MESSAGE = 'That time was just taken — please choose another'

type Db = Kysely<Database>

/**
 * Within a transaction that is about to store an appointment from `startsAt` to `endsAt`: claims
 * each half hour it covers at the clinic, without waiting. Two overlapping inserts would otherwise
 * each wait on the other's row in the exclusion constraint's index until PostgreSQL aborts one as
 * a deadlock (and a burst of waiters holds every pooled connection). Overlapping times share a
 * half hour, so while one request stores its appointment, any other for those times is refused at
 * once: it is being taken right now (409); once stored, the constraint refuses it (23P01, 409).
 */
export async function claimSlot(trx: Db, locationUid: string, startsAt: Date, endsAt: Date): Promise<void> {
  for (let t = startsAt.getTime(); t < endsAt.getTime(); t += SLOT_STEP_MINUTES * 60_000) {
    if (!(await tryTransactionLock(trx, `scheduling:slot:${locationUid}:${new Date(t).toISOString()}`))) throw httpError(409, SLOT_TAKEN_MESSAGE)
  }
}

/** When patients may book online: what the form's date picker offers, what availability accepts. */
export interface BookingWindowRules {
  now: Date
  /** Days ahead (BOOKING_HORIZON_DAYS). */
  horizonDays: number
}

function knownClinic(locationUid: string): Clinic {
  const clinic = clinicByUid(locationUid)
  if (!clinic) throw httpError(400, 'location_uid: is not one of our clinics')
  return clinic
}

/**
 * The dates the booking form may offer at a location: from the first to the last bookable date,
 * weekdays, except the closed days listed (holidays, days staff closed). Availability refuses
 * exactly the others, so the picker never shows a date that is then refused.
 */
export async function bookingWindow(db: Db, locationUid: string, { now, horizonDays }: BookingWindowRules) {
  knownClinic(locationUid)
  const first = firstBookableDate(now)
  const last = lastBookableDate(now, horizonDays)
  return { first_date: first, last_date: last, horizon_days: horizonDays, closed_dates: [...(await closedDates(db, locationUid, first, last))] }
}

/** The free slots of a day for a location's appointment type; 400 naming the field when it cannot be booked. */
export async function availability(
  db: Db,
  { locationUid, typeId, date }: { locationUid: string; typeId: string; date: string },
  { now, horizonDays }: BookingWindowRules,
): Promise<{ type: { id: string; name: string }; slots: Slot[] }> {
  const clinic = knownClinic(locationUid)
  const type = await activeType(db, locationUid, typeId)
  if (!type) throw httpError(400, 'appointment_type_id: is not an appointment type of this location')
  const day = slotsOf(clinic, date, type.duration_minutes, { now, horizonDays, closedDates: await closedDates(db, locationUid, date, date) })
  if ('refused' in day) throw httpError(400, `date: ${dateRefusalMessage(day.refused, horizonDays)}`)
  const first = day.slots[0]
  const last = day.slots.at(-1)
  const busy = first && last ? await liveAppointmentsBetween(db, locationUid, first.starts_at, last.ends_at) : []
  return { type, slots: freeSlots(day.slots, busy) }
}

/** The spec's send_message text block for the clinic: name, phone, e-mail, address, location, date/time, type, notes. */
function clinicMessage(input: BookingRequestBody, typeName: string, clinicName: string, startsAt: Date): string {
  const address = [input.address_line1, input.address_line2, `${input.city}, ${input.state} ${input.zip_code}`].filter(Boolean).join(', ')
  return [
    'New appointment request from the website; staff confirm or decline it in the Appointments tab.',
    `Name: ${input.first_name} ${input.last_name}`,
    `Phone: ${input.phone}`,
    `Email: ${input.email}`,
    `Address: ${address}`,
    `Location: ${clinicName}`,
    `Date/time: ${describeStart(startsAt)}`,
    `Type: ${typeName}`,
    `Notes: ${input.notes?.trim() || 'none'}`,
  ].join('\n')
}

export interface BookingContext extends BookingWindowRules {
  userId: string | null
  /** The client's address as the gateway determined it. */
  address: string | null
  limits: BookingLimits
}

/**
 * A public booking: the slot must be one the clinic offers that day and free, and the visitor may
 * not already hold too many requests (booking-limits.ts); the pending appointment, the message
 * to the clinic and the patient's acknowledgement e-mail are committed together (the kit's outbox delivers it), so a 2xx means the request
 * is kept even when messaging-sync or the provider is down. Two patients racing for one slot: the
 * database's exclusion constraint lets one in; the other gets 409.
 */
export async function createPublicBooking(db: Db, input: BookingRequestBody, { now, horizonDays, userId, address, limits }: BookingContext) {
  const { type, slots } = await availability(db, { locationUid: input.location, typeId: input.appointment_type_id, date: input.date }, { now, horizonDays })
  const slot = slots.find((s) => s.time === input.time)
  if (!slot) {
    throw (await isOfferedTime(db, input, type.id, { now, horizonDays })) ? httpError(409, SLOT_TAKEN_MESSAGE) : httpError(400, 'time: is not a time offered that day')
  }
  const location = locationName(knownClinic(input.location))
  const day = DateTime.fromISO(input.date, { zone: CLINIC_TIME_ZONE })
  const visitor = { address, email: input.email, phone: input.phone }
  // Never the client's total: the answers are scored here with the same rules the page used.
  const language = input.language ?? DEFAULT_PATIENT_LANGUAGE
  const hearingCheck = input.hearing_self_check ? scoreHearingSelfCheck(input.hearing_self_check.answers) : null
  try {
    return await db.transaction().execute(async (trx) => {
      await holdVisitorLimits(trx, visitor, { locationUid: input.location, dayStart: day.toJSDate(), dayEnd: day.plus({ days: 1 }).toJSDate(), now }, limits)
      await claimSlot(trx, input.location, slot.starts_at, slot.ends_at)
      const { id } = await insertAppointment(trx, {
        created_at: now,
        location_uid: input.location,
        appointment_type_id: type.id,
        appointment_type: type.name,
        starts_at: slot.starts_at,
        ends_at: slot.ends_at,
        source: 'public',
        user_id: userId,
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        phone: input.phone,
        address_line1: input.address_line1,
        address_line2: input.address_line2 || null,
        city: input.city,
        state: input.state,
        zip_code: input.zip_code,
        notes: input.notes?.trim() || null,
        source_address: address,
        hearing_check_answers: hearingCheck?.answers ?? null,
        hearing_check_score: hearingCheck?.score ?? null,
        language,
      })
      await addToOutbox(trx, {
        topic: 'message',
        key: `booking:${id}:clinic`,
        payload: {
          kind: 'booking',
          location_uid: input.location,
          first_name: input.first_name,
          last_name: input.last_name,
          phone: input.phone,
          email: input.email,
          text: clinicMessage(input, type.name, location, slot.starts_at),
          appointment_id: id,
          language,
        },
      })
      const appointment = { id, location_uid: input.location, appointment_type: type.name, starts_at: slot.starts_at, ends_at: slot.ends_at, first_name: input.first_name, email: input.email, language }
      await queuePatientEmail(trx, id, 'appointment-requested', requestedEmail(appointment))
      return { id, status: 'pending' as const, starts_at: slot.starts_at.toISOString(), appointment_type: type.name, location }
    })
  } catch (err) {
    if ((err as { code?: string }).code === '23P01') throw httpError(409, SLOT_TAKEN_MESSAGE)
    throw err
  }
}

/** Whether `input.time` is one of the day's slots at all (then a missing free slot means it was taken). */
async function isOfferedTime(db: Db, input: BookingRequestBody, typeId: string, { now, horizonDays }: BookingWindowRules): Promise<boolean> {
  const type = await activeType(db, input.location, typeId)
  const day = slotsOf(knownClinic(input.location), input.date, type?.duration_minutes ?? 60, { now, horizonDays })
  return 'slots' in day && day.slots.some((s) => s.time === input.time)
}
