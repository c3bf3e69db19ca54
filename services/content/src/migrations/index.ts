import { auditTrailMigration, type Migrations } from '@hearing/service-kit'

import { analyticsEvents } from './2026-11-22T0000-analytics-events.js'
import { scheduledRuns } from './2026-11-26T0201-scheduled-runs.js'

// One file per migration, frozen in time: migrations never import application code (the shared
// audit trail's is the kit's: one table for every service, created by whichever migrates first;
// content records its retention purges there).
export const migrations: Migrations = {
  '2026-11-22T0000-analytics-events': analyticsEvents,
  '2026-11-26T0200-audit-trail': auditTrailMigration,
  '2026-11-26T0201-scheduled-runs': scheduledRuns,
}
