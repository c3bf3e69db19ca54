import { auditTrailMigration, type Migrations } from '@hearing/service-kit'

import { locations } from './2026-11-21T0000-locations.js'
import { emails } from './2026-11-22T0100-emails.js'
import { deliveries } from './2026-11-23T0000-deliveries.js'
import { contactLinks } from './2026-11-23T0200-contact-links.js'
import { podium } from './2026-11-25T0200-podium.js'
import { contactSyncs } from './2026-11-25T0300-contact-syncs.js'
import { podiumStateBinding } from './2026-11-25T1400-podium-state-binding.js'
import { contactSyncSkipReasons } from './2026-11-25T1800-contact-sync-skip-reasons.js'
import { sealedProviderTokens } from './2026-11-25T1800-sealed-provider-tokens.js'
import { inboxAssigneesReplies } from './2026-11-26T0400-inbox-assignees-replies.js'
import { patientRecords } from './2026-11-26T0300-patient-records.js'
import { scheduledRuns } from './2026-11-26T0200-scheduled-runs.js'
import { patientTexts } from './2026-11-27T1100-patient-texts.js'
import { contactPhones } from './2026-11-27T1110-contact-phones.js'
import { messageLanguage } from './2026-11-27T1400-message-language.js'

// One file per migration, frozen in time: migrations never import application code (the shared
// audit trail's is the kit's: one table for every service, created by whichever migrates first).
export const migrations: Migrations = {
  '2026-11-21T0000-locations': locations,
  '2026-11-22T0100-emails': emails,
  '2026-11-23T0000-deliveries': deliveries,
  '2026-11-23T0200-contact-links': contactLinks,
  '2026-11-25T0200-podium': podium,
  '2026-11-25T0300-contact-syncs': contactSyncs,
  '2026-11-25T1400-podium-state-binding': podiumStateBinding,
  '2026-11-25T1800-contact-sync-skip-reasons': contactSyncSkipReasons,
  '2026-11-25T1800-sealed-provider-tokens': sealedProviderTokens,
  '2026-11-25T1900-audit-trail': auditTrailMigration,
  '2026-11-26T0200-scheduled-runs': scheduledRuns,
  '2026-11-26T0300-patient-records': patientRecords,
  '2026-11-26T0400-inbox-assignees-replies': inboxAssigneesReplies,
  '2026-11-27T1100-patient-texts': patientTexts,
  '2026-11-27T1110-contact-phones': contactPhones,
  '2026-11-27T1400-message-language': messageLanguage,
}
