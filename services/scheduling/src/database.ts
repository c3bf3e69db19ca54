import type { OutboxTable } from '@hearing/service-kit'
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

export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'declined', 'cancelled'] as const
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number]

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
  /** SHA-256 of the patient's cancel link token (kept after use, so the link then says it is cancelled). */
  cancel_token_hash: string | null
}

export interface ClosedDatesTable {
  location_uid: string
  /** YYYY-MM-DD in the clinic's time zone. */
  date: ColumnType<string, string, string>
  reason: string | null
}

export interface Database {
  appointment_types: AppointmentTypesTable
  appointments: AppointmentsTable
  closed_dates: ClosedDatesTable
  /** The kit's transactional outbox: booking requests handed to messaging-sync. */
  outbox: OutboxTable
}
