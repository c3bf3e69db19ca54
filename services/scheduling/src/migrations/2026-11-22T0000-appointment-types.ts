import { sql, type Migration } from 'kysely'

export const appointmentTypes: Migration = {
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
}
