import type { Generated } from 'kysely'

/** First-party analytics. Deliberately no IP address, user agent or other client fingerprint. */
export interface AnalyticsEventsTable {
  id: Generated<string>
  kind: 'page_view' | 'event'
  name: string | null
  route: string | null
  path: string
  occurred_at: Generated<Date>
  user_id: string | null
}

export interface Database {
  analytics_events: AnalyticsEventsTable
}
