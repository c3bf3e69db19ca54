import { CLINIC_TIME_ZONE, formatAddress, locationName, PRACTICE_NAME, type Clinic, type PatientLanguage } from '@hearing/contracts'
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventBusyStatus, ICalEventStatus } from 'ical-generator'
import { DateTime } from 'luxon'
import { messagesIn, typeNameIn } from './patient-messages.js'

export interface CalendarAppointment {
  id: string
  appointment_type: string
  starts_at: Date
  ends_at: Date
  /** The patient's language: the event's title, description and reminder are in it. */
  language: PatientLanguage
}

/**
 * What a calendar file does to the patient's one entry of the visit: add or update it (a
 * confirmation, a move; with the cancel link), or remove it. `sequence` is the entry's revision:
 * each file about the visit carries a higher one than the last, so calendars apply it over the old.
 */
export type CalendarChange = { kind: 'request'; sequence: number; cancelLink: string } | { kind: 'cancel'; sequence: number }

const DAY_SECONDS = 24 * 60 * 60

/**
 * The appointment as an iCalendar message (RFC 5545/5546) for the patient's e-mails: its times in
 * the clinic's own time zone (with the zone's VTIMEZONE rules, so every calendar shows the right
 * hour wherever the patient is), the clinic's address as location; the appointment id as UID, so
 * every later file about it (a move: REQUEST, a cancellation: CANCEL) changes the same entry.
 */
export function appointmentIcs(appointment: CalendarAppointment, clinic: Clinic, change: CalendarChange): string {
  const m = messagesIn(appointment.language)
  const link = change.kind === 'request' ? change.cancelLink : ''
  const facts = { type: typeNameIn(m, appointment.appointment_type), practice: PRACTICE_NAME, clinic: locationName(clinic), phone: clinic.phone, link }
  const calendar = ical({
    prodId: { company: PRACTICE_NAME, product: 'Appointments', language: appointment.language.toUpperCase() },
    method: change.kind === 'request' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
    // The events name their zone; the calendar only writes its VTIMEZONE (a calendar-wide zone
    // would also write DTSTAMP in it, which RFC 5545 wants in UTC).
    timezone: { name: null, generator: getVtimezoneComponent },
  })
  calendar.createEvent({
    id: `${appointment.id}@appointments.hearing-care`,
    sequence: change.sequence,
    // Zoned times: the library writes a plain Date's UTC digits under the TZID.
    start: DateTime.fromJSDate(appointment.starts_at, { zone: CLINIC_TIME_ZONE }),
    end: DateTime.fromJSDate(appointment.ends_at, { zone: CLINIC_TIME_ZONE }),
    timezone: CLINIC_TIME_ZONE,
    summary: m.t('calendar.summary', facts),
    location: `${PRACTICE_NAME}, ${formatAddress(clinic.address)}`,
    busystatus: ICalEventBusyStatus.BUSY,
    ...(change.kind === 'request'
      ? {
          description: m.t('calendar.description', facts),
          url: change.cancelLink,
          status: ICalEventStatus.CONFIRMED,
          alarms: [{ type: ICalAlarmType.display, trigger: DAY_SECONDS, description: m.t('calendar.alarm', facts) }],
        }
      : { description: m.t('calendar.cancelled', facts), status: ICalEventStatus.CANCELLED }),
  })
  return calendar.toString()
}
