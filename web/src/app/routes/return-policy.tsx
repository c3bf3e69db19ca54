import { legalDocuments } from '@/content/legal'
import { LegalPage } from '@/features/legal/components/legal-page'

/** /return-policy (SPEC §2 "Legal pages"; the text is in src/content/legal.ts). */
export default function ReturnPolicyPage() {
  return <LegalPage document={legalDocuments.returnPolicy} />
}
