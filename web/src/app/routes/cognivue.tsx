import { media } from '@/content/media'
import { CognivueHero } from '@/features/cognivue/components/cognivue-hero'
import { PromoVideo } from '@/features/cognivue/components/promo-video'
import { RackCardViewer } from '@/features/cognivue/components/rack-card-viewer'
import { TipsSection } from '@/features/cognivue/components/tips-section'
import { useDocumentTitle } from '@/lib/use-document-title'

/**
 * Cognitive-health page (SPEC §2 "/cognivue"): hero with "Learn More", the promo video, eight tips,
 * and the rack card in a PDF viewer with "Download PDF".
 */
export default function CognivuePage() {
  useDocumentTitle('Memory Health')

  return (
    <>
      <CognivueHero image={media.cognivueHero} />
      <PromoVideo video={media.cognivueVideo} />
      <TipsSection />
      <RackCardViewer card={media.rackCard} />
    </>
  )
}
