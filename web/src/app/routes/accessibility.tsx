import { legalDocuments } from '@/content/legal'
import { LegalPage } from '@/features/legal/components/legal-page'
import { spanishCopy } from '@/i18n/i18n'

const inPageLanguage = spanishCopy('legal/accessibility')

/** /accessibility (SPEC §2 "Legal pages"; the text is in src/content/legal.ts, the Spanish in src/content/legal/accessibility/es.json). */
export default function AccessibilityPage() {
  return <LegalPage document={inPageLanguage(legalDocuments.accessibility)} />
}
