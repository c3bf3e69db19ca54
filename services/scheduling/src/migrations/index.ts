import { outboxMigration, type Migrations } from '@hearing/service-kit'
import { sql } from 'kysely'
import { appointments } from './2026-11-24T0200-appointments.js'
import { appointmentLifecycle } from './2026-11-25T0100-appointment-lifecycle.js'

// Frozen in time: migrations never import application code.
export const migrations: Migrations = {
  '2026-11-22T0000-appointment-types': {
    async up(db) {
      await db.schema
        .createTable('appointment_types')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('duration_minutes', 'integer', (c) => c.notNull().defaultTo(60).check(sql`duration_minutes > 0`))
        .addColumn('location_uid', 'text', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('appointment_types_location_name_key', ['location_uid', 'name'])
        .execute()
    },
    async down(db) {
      await db.schema.dropTable('appointment_types').execute()
    },
  },
  '2026-11-24T0200-appointments': appointments,
  '2026-11-24T0201-outbox': outboxMigration('scheduling'),
  '2026-11-25T0100-appointment-lifecycle': appointmentLifecycle,
}
