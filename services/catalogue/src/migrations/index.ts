import { auditTrailMigration, type Migrations } from '@hearing/service-kit'

import { collections } from './2026-11-22T0000-collections.js'
import { products } from './2026-11-23T2300-products.js'
import { orderRequests } from './2026-11-23T2310-order-requests.js'
import { outbox } from './2026-11-23T2311-outbox.js'
import { storeSnapshots } from './2026-11-25T0000-store-snapshots.js'
import { orderNotes } from './2026-11-26T0400-order-notes.js'
import { patientEmailIndex } from './2026-11-26T0300-patient-email-index.js'
import { scheduledRuns } from './2026-11-26T0200-scheduled-runs.js'

// One file per migration, frozen in time: migrations never import application code (the shared
// audit trail's is the kit's: one table for every service, created by whichever migrates first).
import { orderLanguage } from './2026-11-27T1400-order-language.js'
import { orderConfirmations } from './2026-12-02T0100-order-confirmations.js'

export const migrations: Migrations = {
  '2026-11-22T0000-collections': collections,
  '2026-11-23T2300-products': products,
  '2026-11-23T2310-order-requests': orderRequests,
  '2026-11-23T2311-outbox': outbox,
  '2026-11-25T0000-store-snapshots': storeSnapshots,
  '2026-11-25T1900-audit-trail': auditTrailMigration,
  '2026-11-26T0200-scheduled-runs': scheduledRuns,
  '2026-11-26T0300-patient-email-index': patientEmailIndex,
  '2026-11-26T0400-order-notes': orderNotes,
  '2026-11-27T1400-order-language': orderLanguage,
  '2026-12-02T0100-order-confirmations': orderConfirmations,
}
