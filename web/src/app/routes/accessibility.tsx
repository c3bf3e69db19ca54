import { legalDocuments } from '@/content/legal'
import { LegalPage } from '@/features/legal/components/legal-page'

/** /accessibility (SPEC §2 "Legal pages"; the text is in src/content/legal.ts). */
export default function AccessibilityPage() {
  return <LegalPage document={legalDocuments.accessibility} />
}
