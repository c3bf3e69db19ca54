import { legalDocuments } from '@/content/legal'
import { LegalPage } from '@/features/legal/components/legal-page'

/** /terms-of-service (SPEC §2 "Legal pages"; the text is in src/content/legal.ts). */
export default function TermsOfServicePage() {
  return <LegalPage document={legalDocuments.termsOfService} />
}
