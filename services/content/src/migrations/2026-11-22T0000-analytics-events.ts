import { sql, type Migration } from 'kysely'

export const analyticsEvents: Migration = {
  async up(db) {
    await db.schema
      .createTable('analytics_events')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('page_view', 'event')`))
      .addColumn('name', 'text')
      .addColumn('route', 'text')
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('user_id', 'text')
      // An event has a name; a page view does not.
      .addCheckConstraint('analytics_events_name_iff_event', sql`(kind = 'event') = (name is not null)`)
      .execute()
    await db.schema.createIndex('analytics_events_occurred_at_idx').on('analytics_events').column('occurred_at').execute()
  },
  async down(db) {
    await db.schema.dropTable('analytics_events').execute()
  },
}
