import { legalDocuments } from '@/content/legal'
import { LegalPage } from '@/features/legal/components/legal-page'
import { spanishCopy } from '@/i18n/i18n'

const inPageLanguage = spanishCopy('legal/terms-of-service')

/** /terms-of-service (SPEC §2 "Legal pages"; the text is in src/content/legal.ts, the Spanish in src/content/legal/terms-of-service/es.json). */
export default function TermsOfServicePage() {
  return <LegalPage document={inPageLanguage(legalDocuments.termsOfService)} />
}
