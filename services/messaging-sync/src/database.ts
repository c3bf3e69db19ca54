import type { Generated } from 'kysely'

export interface LocationsTable {
  uid: string
  name: string
  position: number
  created_at: Generated<Date>
}

export interface Database {
  locations: LocationsTable
}
