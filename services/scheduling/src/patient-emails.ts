import { addToOutbox, renderEmail, type RenderedEmail } from '@hearing/service-kit'
import { clinicByUid, formatAddress, locationName, PRACTICE_NAME, type Clinic, type PatientLanguage } from '@hearing/contracts'
import type { QueryExecutorProvider } from 'kysely'
import { appointmentIcs, type CalendarChange } from './calendar.js'
import { messagesIn, typeNameIn } from './patient-messages.js'

/** What the patient e-mails say about an appointment. */
export interface AppointmentForEmail {
  id: string
  location_uid: string
  appointment_type: string
  starts_at: Date
  ends_at: Date
  first_name: string
  email: string
  /** The language the patient booked in: the e-mail's. */
  language: PatientLanguage
}

export type PatientEmailKind = 'appointment-requested' | 'appointment-confirmed' | 'appointment-declined' | 'appointment-cancelled' | 'appointment-rescheduled' | 'appointment-reminder'

type WithCalendar = RenderedEmail & { attachments: Array<{ filename: string; contentType: string; contentBase64: string }> }

function clinicOf(appointment: AppointmentForEmail): Clinic {
  const clinic = clinicByUid(appointment.location_uid)
  if (!clinic) throw new Error(`appointment ${appointment.id} is at an unknown clinic`)
  return clinic
}

/** The patient's language and the facts every e-mail about the visit names, ready for the messages' placeholders. */
function contextOf(appointment: AppointmentForEmail) {
  const clinic = clinicOf(appointment)
  const m = messagesIn(appointment.language)
  const facts = { type: typeNameIn(m, appointment.appointment_type), clinic: locationName(clinic), when: m.when(appointment.starts_at), phone: clinic.phone, address: formatAddress(clinic.address), practice: PRACTICE_NAME }
  return { clinic, m, facts }
}

/** Sent at once on a booking request: it is received, and staff will confirm it (SPEC §4: pending until staff verify it). */
export function requestedEmail(appointment: AppointmentForEmail): RenderedEmail {
  const { m, facts } = contextOf(appointment)
  return renderEmail(
    {
      subject: m.t('requested.subject', facts),
      greeting: m.greeting(appointment.first_name),
      paragraphs: [m.t('requested.received', facts), m.t('requested.next'), m.t('requested.questions', facts)],
    },
    appointment.email,
    m,
  )
}

/** `sequence`: the calendar file's revision (nextCalendarSequence), so it updates the patient's entry of the visit. */
export function confirmedEmail(appointment: AppointmentForEmail, cancelLink: string, sequence: number): WithCalendar {
  const { clinic, m, facts } = contextOf(appointment)
  const rendered = renderEmail(
    {
      subject: m.t('confirmed.subject', facts),
      greeting: m.greeting(appointment.first_name),
      paragraphs: [m.t('confirmed.body', facts), m.t('visit.address', facts), m.t('confirmed.calendar')],
      action: { label: m.t('visit.cancelAction'), link: cancelLink },
      after: [m.t('visit.moveByPhone', facts)],
    },
    appointment.email,
    m,
  )
  return { ...rendered, attachments: [calendarAttachment(appointment, clinic, { kind: 'request', sequence, cancelLink })] }
}

function calendarAttachment(appointment: AppointmentForEmail, clinic: Clinic, change: CalendarChange) {
  return { filename: 'appointment.ics', contentType: 'text/calendar', contentBase64: Buffer.from(appointmentIcs(appointment, clinic, change)).toString('base64') }
}

/** Staff moved the appointment: the new time, a calendar file that updates the old entry (same UID, higher SEQUENCE), a fresh cancel link. */
export function rescheduledEmail(appointment: AppointmentForEmail, previousStart: Date, cancelLink: string, sequence: number): WithCalendar {
  const { clinic, m, facts } = contextOf(appointment)
  const rendered = renderEmail(
    {
      subject: m.t('rescheduled.subject', facts),
      greeting: m.greeting(appointment.first_name),
      paragraphs: [m.t('rescheduled.body', { ...facts, previous: m.when(previousStart) }), m.t('visit.address', facts), m.t('rescheduled.calendar')],
      action: { label: m.t('visit.cancelAction'), link: cancelLink },
    },
    appointment.email,
    m,
  )
  return { ...rendered, attachments: [calendarAttachment(appointment, clinic, { kind: 'request', sequence, cancelLink })] }
}

/** A reminder before a confirmed visit, with a link to cancel it. */
export function reminderEmail(appointment: AppointmentForEmail, cancelLink: string): RenderedEmail {
  const { m, facts } = contextOf(appointment)
  return renderEmail(
    {
      subject: m.t('reminder.subject', facts),
      greeting: m.greeting(appointment.first_name),
      paragraphs: [m.t('reminder.body', facts), m.t('visit.address', facts), m.t('reminder.cancel')],
      action: { label: m.t('visit.cancelAction'), link: cancelLink },
      after: [m.t('visit.moveByPhone', facts)],
    },
    appointment.email,
    m,
  )
}

export function declinedEmail(appointment: AppointmentForEmail): RenderedEmail {
  const { m, facts } = contextOf(appointment)
  return renderEmail(
    {
      subject: m.t('declined.subject', facts),
      greeting: m.greeting(appointment.first_name),
      paragraphs: [m.t('declined.thanks', facts), m.t('declined.sorry'), m.t('declined.call', facts)],
    },
    appointment.email,
    m,
  )
}

/**
 * The visit is cancelled. `sequence`: when the patient had been sent a calendar file, the revision
 * of the one attached that removes the entry (METHOD:CANCEL, same UID).
 */
export function cancelledEmail(appointment: AppointmentForEmail, by: 'patient' | 'staff', sequence?: number, { clinicClosed = false } = {}): RenderedEmail | WithCalendar {
  const { clinic, m, facts } = contextOf(appointment)
  const withCalendar = sequence !== undefined
  const rendered = renderEmail(
    {
      subject: m.t('cancelled.subject', facts),
      greeting: m.greeting(appointment.first_name),
      paragraphs: [m.t('cancelled.body', { ...facts, by }), ...(clinicClosed ? [m.t('cancelled.closed', facts)] : []), ...(withCalendar ? [m.t('cancelled.calendar')] : []), m.t('cancelled.rebook', facts)],
    },
    appointment.email,
    m,
  )
  return withCalendar ? { ...rendered, attachments: [calendarAttachment(appointment, clinic, { kind: 'cancel', sequence })] } : rendered
}

/**
 * Adds a patient e-mail to the outbox in the caller's transaction. `kind` tells staff what it is in
 * the mailbox; the confirmation carries a cancel link, so its text is shown to no one but the patient.
 */
export async function queuePatientEmail(trx: QueryExecutorProvider, appointmentId: string, kind: PatientEmailKind, email: RenderedEmail, occasion?: string): Promise<void> {
  // `occasion` tells apart e-mails of one kind that may come more than once (each move).
  await addToOutbox(trx, { topic: 'email', key: `${kind}:${appointmentId}${occasion ? `:${occasion}` : ''}`, payload: { ...email, kind } })
}
