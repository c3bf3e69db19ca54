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

const DAY_SECONDS = 24 * 60 * 60

/**
 * The appointment as an iCalendar invitation (RFC 5545) for the confirmation e-mail: its times in
 * the clinic's own time zone (with the zone's VTIMEZONE rules, so every calendar shows the right
 * hour wherever the patient is), the clinic's address as location, the cancel link as its URL;
 * the appointment id as UID, so a later file about it updates the same entry; a reminder the day before.
 */
export function appointmentIcs(appointment: CalendarAppointment, clinic: Clinic, cancelLink: string): string {
  const m = messagesIn(appointment.language)
  const facts = { type: typeNameIn(m, appointment.appointment_type), practice: PRACTICE_NAME, clinic: locationName(clinic), phone: clinic.phone, link: cancelLink }
  const calendar = ical({
    prodId: { company: PRACTICE_NAME, product: 'Appointments', language: appointment.language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    // The events name their zone; the calendar only writes its VTIMEZONE (a calendar-wide zone
    // would also write DTSTAMP in it, which RFC 5545 wants in UTC).
    timezone: { name: null, generator: getVtimezoneComponent },
  })
  calendar.createEvent({
    id: `${appointment.id}@appointments.hearing-care`,
    // Zoned times: the library writes a plain Date's UTC digits under the TZID.
    start: DateTime.fromJSDate(appointment.starts_at, { zone: CLINIC_TIME_ZONE }),
    end: DateTime.fromJSDate(appointment.ends_at, { zone: CLINIC_TIME_ZONE }),
    timezone: CLINIC_TIME_ZONE,
    summary: m.t('calendar.summary', facts),
    description: m.t('calendar.description', facts),
    location: `${PRACTICE_NAME}, ${formatAddress(clinic.address)}`,
    url: cancelLink,
    status: ICalEventStatus.CONFIRMED,
    busystatus: ICalEventBusyStatus.BUSY,
    alarms: [{ type: ICalAlarmType.display, trigger: DAY_SECONDS, description: m.t('calendar.alarm', facts) }],
  })
  return calendar.toString()
}
