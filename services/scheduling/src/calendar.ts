import { PRACTICE_NAME, type ClinicSeed } from '@hearing/service-kit/clinics'
import { createEvent } from 'ics'

export interface CalendarAppointment {
  id: string
  appointment_type: string
  starts_at: Date
  ends_at: Date
}

/**
 * The appointment as an iCalendar file (RFC 5545) for the confirmation e-mail: times in UTC, so
 * every calendar shows it at the right hour in its own zone; the appointment id as UID, so a
 * second e-mail about it updates the same entry; a reminder the day before.
 */
export function appointmentIcs(appointment: CalendarAppointment, clinic: ClinicSeed, status: 'CONFIRMED' | 'CANCELLED' = 'CONFIRMED'): string {
  const { error, value } = createEvent({
    uid: `${appointment.id}@appointments.hearing-care`,
    productId: `${PRACTICE_NAME}//Appointments`,
    method: 'PUBLISH',
    title: `${appointment.appointment_type} at ${PRACTICE_NAME}`,
    description: `Your ${appointment.appointment_type} appointment at our ${clinic.name} clinic. To change it, call ${clinic.phone}.`,
    location: `${PRACTICE_NAME}, ${clinic.address}`,
    start: appointment.starts_at.getTime(),
    end: appointment.ends_at.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    endInputType: 'utc',
    endOutputType: 'utc',
    status,
    busyStatus: 'BUSY',
    alarms: status === 'CONFIRMED' ? [{ action: 'display', description: `${appointment.appointment_type} tomorrow`, trigger: { days: 1, before: true } }] : [],
  })
  if (error || !value) throw error ?? new Error('could not write the calendar file')
  return value
}
