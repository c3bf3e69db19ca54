import type { Migration } from 'kysely'

/** When the cluster last ran each scheduled job (the kit's runIfDue claims a row; its shape then, frozen here). */
export const scheduledRuns: Migration = {
  async up(db) {
    await db.schema
      .createTable('scheduled_runs')
      .addColumn('job', 'text', (c) => c.primaryKey())
      .addColumn('last_run_at', 'timestamptz', (c) => c.notNull())
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('scheduled_runs').execute()
  },
}
