import type { Generated } from 'kysely'

export interface AppointmentTypesTable {
  id: Generated<string>
  name: string
  description: string | null
  duration_minutes: Generated<number>
  location_uid: string
  active: Generated<boolean>
  sort_order: Generated<number>
}

export interface Database {
  appointment_types: AppointmentTypesTable
}
