import { auditTrailMigration, type Migrations } from '@hearing/service-kit'

import { appointmentTypes } from './2026-11-22T0000-appointment-types.js'
import { appointments } from './2026-11-24T0200-appointments.js'
import { outbox } from './2026-11-24T0201-outbox.js'
import { appointmentLifecycle } from './2026-11-25T0100-appointment-lifecycle.js'
import { bookingSources } from './2026-11-25T1400-booking-sources.js'
import { holidaysAdded } from './2026-11-25T1500-holidays-added.js'
import { visitOutcomes } from './2026-11-25T1800-visit-outcomes.js'
import { reminders } from './2026-11-25T1900-reminders.js'
import { cancelTokens } from './2026-11-26T0610-cancel-tokens.js'
import { hearingSelfCheck } from './2026-11-26T0500-hearing-self-check.js'
import { outboxDeliveryStatus } from './2026-11-26T0600-outbox-delivery-status.js'
import { patientEmailIndex } from './2026-11-26T0300-patient-email-index.js'
import { appointmentLanguage } from './2026-11-27T1400-appointment-language.js'
import { calendarSequence } from './2026-12-02T0100-calendar-sequence.js'
import { pendingRequestsIndex } from './2026-12-02T0200-pending-requests-index.js'

// One file per migration, frozen in time: migrations never import application code (the shared
// audit trail's is the kit's: one table for every service, created by whichever migrates first).
export const migrations: Migrations = {
  '2026-11-22T0000-appointment-types': appointmentTypes,
  '2026-11-24T0200-appointments': appointments,
  '2026-11-24T0201-outbox': outbox,
  '2026-11-25T0100-appointment-lifecycle': appointmentLifecycle,
  '2026-11-25T1400-booking-sources': bookingSources,
  '2026-11-25T1500-holidays-added': holidaysAdded,
  '2026-11-25T1800-visit-outcomes': visitOutcomes,
  '2026-11-25T1900-audit-trail': auditTrailMigration,
  '2026-11-25T1900-reminders': reminders,
  '2026-11-26T0300-patient-email-index': patientEmailIndex,
  '2026-11-26T0500-hearing-self-check': hearingSelfCheck,
  '2026-11-26T0600-outbox-delivery-status': outboxDeliveryStatus,
  '2026-11-26T0610-cancel-tokens': cancelTokens,
  '2026-11-27T1400-appointment-language': appointmentLanguage,
  '2026-12-02T0100-calendar-sequence': calendarSequence,
  '2026-12-02T0200-pending-requests-index': pendingRequestsIndex,
}
