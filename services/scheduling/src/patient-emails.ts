import { addToOutbox, greetingFor, renderEmail, type RenderedEmail } from '@hearing/service-kit'
import { clinicByUid, formatAddress, locationName, PRACTICE_NAME, type Clinic } from '@hearing/contracts'
import type { QueryExecutorProvider } from 'kysely'
import { describeStart } from './availability.js'
import { appointmentIcs } from './calendar.js'

/** What the patient e-mails say about an appointment. */
export interface AppointmentForEmail {
  id: string
  location_uid: string
  appointment_type: string
  starts_at: Date
  ends_at: Date
  first_name: string
  email: string
}

export type PatientEmailKind = 'appointment-requested' | 'appointment-confirmed' | 'appointment-declined' | 'appointment-cancelled' | 'appointment-rescheduled' | 'appointment-reminder'

function clinicOf(appointment: AppointmentForEmail): Clinic {
  const clinic = clinicByUid(appointment.location_uid)
  if (!clinic) throw new Error(`appointment ${appointment.id} is at an unknown clinic`)
  return clinic
}

function when(appointment: AppointmentForEmail): string {
  return describeStart(appointment.starts_at)
}

/** Sent at once on a booking request: it is received, and staff will confirm it (SPEC §4: pending until staff verify it). */
export function requestedEmail(appointment: AppointmentForEmail): RenderedEmail {
  const clinic = clinicOf(appointment)
  return renderEmail(
    {
      subject: `We received your ${appointment.appointment_type} appointment request`,
      greeting: greetingFor(appointment.first_name),
      paragraphs: [
        `We received your request for a ${appointment.appointment_type} appointment at our ${locationName(clinic)} clinic on ${when(appointment)}.`,
        'We will confirm it by e-mail once our staff have checked it, with a calendar file for your calendar. Until then the time is kept for you.',
        `Questions, or need another time? Call us at ${clinic.phone}.`,
      ],
    },
    appointment.email,
  )
}

export function confirmedEmail(appointment: AppointmentForEmail, cancelLink: string): RenderedEmail & { attachments: Array<{ filename: string; contentType: string; contentBase64: string }> } {
  const clinic = clinicOf(appointment)
  const rendered = renderEmail(
    {
      subject: `Your ${appointment.appointment_type} appointment is confirmed`,
      greeting: greetingFor(appointment.first_name),
      paragraphs: [
        `Your ${appointment.appointment_type} appointment at our ${locationName(clinic)} clinic is confirmed for ${when(appointment)}.`,
        `Address: ${formatAddress(clinic.address)}. Phone: ${clinic.phone}.`,
        'The attached calendar file adds it to your calendar. If you can no longer come, please let us know with the link below so another patient can have the time.',
      ],
      action: { label: 'Cancel this appointment', link: cancelLink },
      after: [`To move it to another day, call us at ${clinic.phone}. We look forward to seeing you.`],
    },
    appointment.email,
  )
  return { ...rendered, attachments: [calendarAttachment(appointment, clinic, cancelLink)] }
}

type WithCalendar = RenderedEmail & { attachments: Array<{ filename: string; contentType: string; contentBase64: string }> }

function calendarAttachment(appointment: AppointmentForEmail, clinic: Clinic, cancelLink: string) {
  return { filename: 'appointment.ics', contentType: 'text/calendar', contentBase64: Buffer.from(appointmentIcs(appointment, clinic, cancelLink)).toString('base64') }
}

/** Staff moved the appointment: the new time, a calendar file that replaces the old entry (same UID), a fresh cancel link. */
export function rescheduledEmail(appointment: AppointmentForEmail, previousStart: Date, cancelLink: string): WithCalendar {
  const clinic = clinicOf(appointment)
  const rendered = renderEmail(
    {
      subject: `Your ${appointment.appointment_type} appointment has moved to ${when(appointment)}`,
      greeting: greetingFor(appointment.first_name),
      paragraphs: [
        `Your ${appointment.appointment_type} appointment at our ${locationName(clinic)} clinic has moved from ${describeStart(previousStart)} to ${when(appointment)}.`,
        `Address: ${formatAddress(clinic.address)}. Phone: ${clinic.phone}.`,
        'The attached calendar file updates the entry in your calendar. If the new time does not suit you, please call us, or cancel with the link below so another patient can have the time.',
      ],
      action: { label: 'Cancel this appointment', link: cancelLink },
    },
    appointment.email,
  )
  return { ...rendered, attachments: [calendarAttachment(appointment, clinic, cancelLink)] }
}

/** A reminder before a confirmed visit, with a link to cancel it. */
export function reminderEmail(appointment: AppointmentForEmail, cancelLink: string): RenderedEmail {
  const clinic = clinicOf(appointment)
  return renderEmail(
    {
      subject: `Reminder: your ${appointment.appointment_type} appointment on ${when(appointment)}`,
      greeting: greetingFor(appointment.first_name),
      paragraphs: [
        `This is a reminder of your ${appointment.appointment_type} appointment at our ${locationName(clinic)} clinic on ${when(appointment)}.`,
        `Address: ${formatAddress(clinic.address)}. Phone: ${clinic.phone}.`,
        'If you can no longer come, please let us know with the link below so another patient can have the time.',
      ],
      action: { label: 'Cancel this appointment', link: cancelLink },
      after: [`To move it to another day, call us at ${clinic.phone}. We look forward to seeing you.`],
    },
    appointment.email,
  )
}

export function declinedEmail(appointment: AppointmentForEmail): RenderedEmail {
  const clinic = clinicOf(appointment)
  return renderEmail(
    {
      subject: `About your appointment request at ${PRACTICE_NAME}`,
      greeting: greetingFor(appointment.first_name),
      paragraphs: [
        `Thank you for asking for a ${appointment.appointment_type} appointment at our ${locationName(clinic)} clinic on ${when(appointment)}.`,
        'We are sorry, but we cannot see you at that time.',
        `Please call us at ${clinic.phone} and we will gladly find a time that suits you, or choose another time on our website.`,
      ],
    },
    appointment.email,
  )
}

export function cancelledEmail(appointment: AppointmentForEmail, by: 'patient' | 'staff'): RenderedEmail {
  const clinic = clinicOf(appointment)
  return renderEmail(
    {
      subject: `Your ${appointment.appointment_type} appointment is cancelled`,
      greeting: greetingFor(appointment.first_name),
      paragraphs: [
        by === 'patient'
          ? `As you asked, your ${appointment.appointment_type} appointment at our ${locationName(clinic)} clinic on ${when(appointment)} is cancelled.`
          : `We are sorry: your ${appointment.appointment_type} appointment at our ${locationName(clinic)} clinic on ${when(appointment)} had to be cancelled.`,
        `To book another time, call us at ${clinic.phone} or book on our website.`,
      ],
    },
    appointment.email,
  )
}

/**
 * Adds a patient e-mail to the outbox in the caller's transaction. `kind` tells staff what it is in
 * the mailbox; the confirmation carries a cancel link, so its text is shown to no one but the patient.
 */
export async function queuePatientEmail(trx: QueryExecutorProvider, appointmentId: string, kind: PatientEmailKind, email: RenderedEmail, occasion?: string): Promise<void> {
  // `occasion` tells apart e-mails of one kind that may come more than once (each move).
  await addToOutbox(trx, { topic: 'email', key: `${kind}:${appointmentId}${occasion ? `:${occasion}` : ''}`, payload: { ...email, kind } })
}
