import { legalDocuments } from '@/content/legal'
import { LegalPage } from '@/features/legal/components/legal-page'

/** /privacy-policy (SPEC §2 "Legal pages"; the text is in src/content/legal.ts). */
export default function PrivacyPolicyPage() {
  return <LegalPage document={legalDocuments.privacyPolicy} />
}
