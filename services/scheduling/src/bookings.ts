import { addToOutbox, httpError } from '@hearing/service-kit'
import { CLINICS } from '@hearing/service-kit/clinics'
import { sql, type Kysely } from 'kysely'
import { describeStart, freeSlots, slotsOf, DATE_REFUSALS, type Slot } from './availability.js'
import type { Database } from './database.js'

export const SLOT_TAKEN_MESSAGE = 'That time was just taken — please choose another'

type Db = Kysely<Database>

async function activeType(db: Db, locationUid: string, typeId: string) {
  return db
    .selectFrom('appointment_types')
    .select(['id', 'name', 'duration_minutes'])
    .where('id', '=', typeId)
    .where('location_uid', '=', locationUid)
    .where('active', '=', true)
    .executeTakeFirst()
}

async function closedDates(db: Db, locationUid: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('closed_dates')
    .select(sql<string>`date::text`.as('date'))
    .where('location_uid', '=', locationUid)
    .where('date', '>=', sql<string>`current_date`)
    .execute()
  return new Set(rows.map((r) => r.date))
}

/** Live appointments (pending or confirmed) of a location within [from, to). */
function taken(db: Db, locationUid: string, from: Date, to: Date) {
  return db
    .selectFrom('appointments')
    .select(['starts_at', 'ends_at'])
    .where('location_uid', '=', locationUid)
    .where('status', 'in', ['pending', 'confirmed'])
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .execute()
}

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)

/** The free slots of a day for a location's appointment type; 400 naming the field when it cannot be booked. */
export async function availability(db: Db, { locationUid, typeId, date, now }: { locationUid: string; typeId: string; date: string; now: Date }): Promise<{ type: { id: string; name: string }; slots: Slot[] }> {
  if (!CLINICS.some((c) => c.uid === locationUid)) throw httpError(400, 'location_uid: is not one of our clinics')
  const type = isUuid(typeId) ? await activeType(db, locationUid, typeId) : undefined
  if (!type) throw httpError(400, 'appointment_type_id: is not an appointment type of this location')
  const day = slotsOf(date, type.duration_minutes, { now, closedDates: await closedDates(db, locationUid) })
  if ('refused' in day) throw httpError(400, `date: ${DATE_REFUSALS[day.refused]}`)
  const first = day.slots[0]
  const last = day.slots.at(-1)
  const busy = first && last ? await taken(db, locationUid, first.starts_at, last.ends_at) : []
  return { type, slots: freeSlots(day.slots, busy) }
}

export interface BookingInput {
  first_name: string
  last_name: string
  email: string
  phone: string
  location: string
  appointment_type_id: string
  date: string
  time: string
  address_line1: string
  address_line2?: string | undefined
  city: string
  state: string
  zip_code: string
  notes?: string | undefined
}

/** The spec's send_message text block for the clinic: name, phone, e-mail, address, location, date/time, type, notes. */
function clinicMessage(input: BookingInput, typeName: string, locationName: string, startsAt: Date): string {
  const address = [input.address_line1, input.address_line2, `${input.city}, ${input.state} ${input.zip_code}`].filter(Boolean).join(', ')
  return [
    'New appointment request from the website (pending until staff confirm it).',
    `Name: ${input.first_name} ${input.last_name}`,
    `Phone: ${input.phone}`,
    `Email: ${input.email}`,
    `Address: ${address}`,
    `Location: ${locationName}`,
    `Date/time: ${describeStart(startsAt)}`,
    `Type: ${typeName}`,
    `Notes: ${input.notes?.trim() || 'none'}`,
  ].join('\n')
}

/**
 * A public booking: the slot must be one the clinic offers that day and free; the pending
 * appointment and the message to the clinic are committed together (the kit's outbox delivers it),
 * so a 2xx means the request is kept even when messaging-sync or the provider is down. Two patients
 * racing for one slot: the database's exclusion constraint lets one in; the other gets 409.
 */
export async function createPublicBooking(db: Db, input: BookingInput, { now, userId }: { now: Date; userId: string | null }) {
  const { type, slots } = await availability(db, { locationUid: input.location, typeId: input.appointment_type_id, date: input.date, now })
  const slot = slots.find((s) => s.time === input.time)
  if (!slot) {
    throw (await isOfferedTime(db, input, type.id, now)) ? httpError(409, SLOT_TAKEN_MESSAGE) : httpError(400, 'time: is not a time offered that day')
  }
  const location = CLINICS.find((c) => c.uid === input.location)!
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('appointments')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow()
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
          text: clinicMessage(input, type.name, location.name, slot.starts_at),
        },
      })
      return { id, status: 'pending' as const, starts_at: slot.starts_at.toISOString(), appointment_type: type.name, location: location.name }
    })
  } catch (err) {
    if ((err as { code?: string }).code === '23P01') throw httpError(409, SLOT_TAKEN_MESSAGE)
    throw err
  }
}

/** Whether `input.time` is one of the day's slots at all (then a missing free slot means it was taken). */
async function isOfferedTime(db: Db, input: BookingInput, typeId: string, now: Date): Promise<boolean> {
  const type = await activeType(db, input.location, typeId)
  const day = slotsOf(input.date, type?.duration_minutes ?? 60, { now })
  return 'slots' in day && day.slots.some((s) => s.time === input.time)
}
