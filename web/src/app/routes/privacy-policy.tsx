import { legalDocuments } from '@/content/legal'
import { LegalPage } from '@/features/legal/components/legal-page'
import { spanishCopy } from '@/i18n/i18n'

const inPageLanguage = spanishCopy('legal/privacy-policy')

/** /privacy-policy (SPEC §2 "Legal pages"; the text is in src/content/legal.ts, the Spanish in src/content/legal/privacy-policy/es.json). */
export default function PrivacyPolicyPage() {
  return <LegalPage document={inPageLanguage(legalDocuments.privacyPolicy)} />
}
