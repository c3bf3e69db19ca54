import { clinicByUid, locationName, PRACTICE_NAME, TEXT_BODY_MAX, usPhoneE164, type TextKind } from '@hearing/contracts'
import { addToOutbox } from '@hearing/service-kit'
import type { QueryExecutorProvider } from 'kysely'
import type { AppointmentForEmail } from './patient-emails.js'
import { messagesIn, typeNameIn } from './patient-messages.js'

/** What a text about an appointment needs: the e-mail's facts, the phone, whose it is. */
export interface AppointmentForText extends AppointmentForEmail {
  phone: string
  user_id: string | null
}

/** An appointment type's name in a text: long ones are cut (a text has little room). */
const TYPE_MAX = 60
const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value)

/**
 * The reminder text: the practice's own words and the visit's facts (type, clinic, time, the
 * clinic's phone) with the cancel link. Nothing a visitor typed (no name, no notes): the phone may
 * be a household's, and the provider shows the text in its conversation for that phone.
 */
export function reminderText(appointment: AppointmentForEmail, cancelLink: string): string {
  const clinic = clinicByUid(appointment.location_uid)
  if (!clinic) throw new Error(`appointment ${appointment.id} is at an unknown clinic`)
  const m = messagesIn(appointment.language)
  return m.t('text.reminder', {
    practice: PRACTICE_NAME,
    type: clip(typeNameIn(m, appointment.appointment_type), TYPE_MAX),
    clinic: locationName(clinic),
    when: m.whenShort(appointment.starts_at),
    link: cancelLink,
    phone: clinic.phone,
  })
}

/**
 * Adds a text to the patient's phone to the outbox in the caller's transaction, when the
 * appointment has a valid US phone (resolves to false when it has none, or when the text would not
 * fit: a very long PUBLIC_URL; the e-mail still goes). messaging-sync sends it through the
 * messaging provider; the local provider keeps it, marked as never sent, for staff.
 */
export async function queuePatientText(trx: QueryExecutorProvider, appointment: AppointmentForText, kind: TextKind, body: string, occasion: string): Promise<boolean> {
  const phone = usPhoneE164(appointment.phone.trim())
  if (!phone || body.length > TEXT_BODY_MAX) return false
  return addToOutbox(trx, {
    topic: 'text',
    key: `${kind}-text:${appointment.id}:${occasion}`,
    payload: {
      kind,
      location_uid: appointment.location_uid,
      phone,
      body,
      // Past the visit's start a reminder is no use: never sent after it.
      expires_at: appointment.starts_at.toISOString(),
      ...(appointment.user_id ? { user_id: appointment.user_id } : {}),
      email: appointment.email,
      appointment_id: appointment.id,
    },
  })
}
