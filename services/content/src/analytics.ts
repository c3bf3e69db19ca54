import type { Insertable, Kysely } from 'kysely'
import type { AnalyticsEventsTable, Database } from './database.js'

export async function recordAnalyticsEvent(db: Kysely<Database>, event: Insertable<AnalyticsEventsTable>): Promise<void> {
  await db.insertInto('analytics_events').values(event).execute()
}
