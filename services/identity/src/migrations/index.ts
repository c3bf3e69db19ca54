import { auditTrailMigration, type Migrations } from '@hearing/service-kit'

import { signingKeys } from './2026-11-22T0000-signing-keys.js'
import { accounts } from './2026-11-23T0000-accounts.js'
import { kitOutbox } from './2026-11-23T0100-kit-outbox.js'
import { trustedDevices } from './2026-11-24T0000-trusted-devices.js'
import { sealedSigningKeys } from './2026-11-24T0100-sealed-signing-keys.js'
import { knownAddresses } from './2026-11-25T0100-known-addresses.js'
import { erasureRequests } from './2026-11-26T0100-erasure-requests.js'
import { patientSearch } from './2026-11-26T0300-patient-search.js'
import { accountLanguage } from './2026-11-27T1400-account-language.js'
import { signUpBrowser } from './2026-12-02T0100-sign-up-browser.js'

// One file per migration, frozen in time: migrations never import application code (the shared
// audit trail's is the kit's: one table for every service, created by whichever migrates first).
export const migrations: Migrations = {
  '2026-11-22T0000-signing-keys': signingKeys,
  '2026-11-23T0000-accounts': accounts,
  '2026-11-23T0100-kit-outbox': kitOutbox,
  '2026-11-24T0000-trusted-devices': trustedDevices,
  '2026-11-24T0100-sealed-signing-keys': sealedSigningKeys,
  '2026-11-25T0100-known-addresses': knownAddresses,
  '2026-11-25T1900-audit-trail': auditTrailMigration,
  '2026-11-26T0100-erasure-requests': erasureRequests,
  '2026-11-26T0300-patient-search': patientSearch,
  '2026-11-27T1400-account-language': accountLanguage,
  '2026-12-02T0100-sign-up-browser': signUpBrowser,
}
