import type { AppointmentStatus, HhieAnswer, PatientLanguage } from '@hearing/contracts'
import type { TrackedOutboxTable } from '@hearing/service-kit'
import type { ColumnType, Generated } from 'kysely'

export interface AppointmentTypesTable {
  id: Generated<string>
  name: string
  description: string | null
  duration_minutes: Generated<number>
  location_uid: string
  active: Generated<boolean>
  sort_order: Generated<number>
}

/** Written as Date or ISO text, always read as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>

export interface AppointmentsTable {
  id: Generated<string>
  location_uid: string
  appointment_type_id: string
  /** The type's name when booked (types can be renamed later). */
  appointment_type: string
  starts_at: Timestamp
  ends_at: Timestamp
  status: ColumnType<AppointmentStatus, AppointmentStatus | undefined, AppointmentStatus>
  source: 'public' | 'staff'
  user_id: string | null
  first_name: string
  last_name: string
  email: string
  phone: string
  address_line1: string | null
  address_line2: string | null
  city: string | null
  state: string | null
  zip_code: string | null
  notes: string | null
  created_at: Generated<Date>
  /** The staff member who scheduled it (source 'staff'). */
  created_by: string | null
  /** When and by whom staff confirmed or declined a request. */
  decided_at: Date | null
  decided_by: string | null
  cancelled_at: Date | null
  cancelled_by: 'patient' | 'staff' | null
  /** When staff last moved it to another time. */
  rescheduled_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** Public requests: the client's address as the gateway determined it (limits, staff's view by source). */
  source_address: ColumnType<string | null, string | null | undefined, string | null>
  /** Booked from the hearing self-check: its ten answers, in order, and the total scheduling computed from them. */
  hearing_check_answers: ColumnType<HhieAnswer[] | null, HhieAnswer[] | null | undefined, HhieAnswer[] | null>
  hearing_check_score: ColumnType<number | null, number | null | undefined, number | null>
  /** The language the patient booked in: the booking's e-mails and texts use it. */
  language: ColumnType<PatientLanguage, PatientLanguage | undefined, PatientLanguage>
  /** The SEQUENCE of the last calendar file the patient was sent about it; null before the first. */
  calendar_sequence: ColumnType<number | null, number | null | undefined, number | null>
}

export interface ClosedDatesTable {
  location_uid: string
  /** YYYY-MM-DD in the clinic's time zone. */
  date: ColumnType<string, string, string>
  reason: string | null
}

/** Holidays (data/holidays.json) once added to closed_dates: never added again, so a reopened one stays open. */
export interface HolidaysAddedTable {
  location_uid: string
  date: ColumnType<string, string, string>
}

/** A reminder e-mailed (reminders.ts): once per appointment, offset and start time. */
export interface AppointmentRemindersTable {
  appointment_id: string
  offset_minutes: number
  starts_at: Timestamp
  sent_at: Generated<Date>
}

/** SHA-256 of each cancel link token e-mailed for an appointment (kept after use, so the link then says it is cancelled). */
export interface AppointmentCancelTokensTable {
  token_hash: string
  appointment_id: string
  created_at: Generated<Date>
}

export interface Database {
  appointment_cancel_tokens: AppointmentCancelTokensTable
  appointment_reminders: AppointmentRemindersTable
  appointment_types: AppointmentTypesTable
  appointments: AppointmentsTable
  closed_dates: ClosedDatesTable
  holidays_added: HolidaysAddedTable
  /** The kit's transactional outbox: booking requests handed to messaging-sync. */
  outbox: TrackedOutboxTable
}
