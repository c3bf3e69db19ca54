import { PromoBand } from '@/components/ui/promo-band'
import { paths } from '@/config/paths'
import { media } from '@/content/media'
import links from '@/content/self-check/en.links.json'
import { CognivueHero } from '@/features/cognivue/components/cognivue-hero'
import { PromoVideo } from '@/features/cognivue/components/promo-video'
import { RackCardViewer } from '@/features/cognivue/components/rack-card-viewer'
import { TipsSection } from '@/features/cognivue/components/tips-section'
import { t } from '@/i18n/cognivue'
import { spanishCopy } from '@/i18n/i18n'
import { useDocumentTitle } from '@/lib/use-document-title'

const cognivueMediaInPageLanguage = spanishCopy('cognivue-media')
const selfCheckInPageLanguage = spanishCopy('self-check')

/**
 * Cognitive-health page (SPEC §2 "/cognivue"): hero with "Learn More", the promo video, eight tips, an
 * invitation to the hearing self-check, and the rack card in a PDF viewer with "Download PDF".
 */
export default function CognivuePage() {
  useDocumentTitle(t('cog.title'))
  // The media's words in the page's language (the video and the PDF themselves are English).
  const words = cognivueMediaInPageLanguage({
    videoDescription: media.cognivueVideo.description,
    rackTitle: media.rackCard.title,
    rackSummary: media.rackCard.summary,
  })
  const { cognivuePromo } = selfCheckInPageLanguage(links)

  return (
    <>
      <CognivueHero image={media.cognivueHero} />
      <PromoVideo video={{ ...media.cognivueVideo, description: words.videoDescription }} />
      <TipsSection />
      <PromoBand id="self-check-promo-heading" heading={cognivuePromo.heading} text={cognivuePromo.text} link={cognivuePromo.link} to={paths.hearingSelfCheck.getHref()} />
      <RackCardViewer card={{ ...media.rackCard, title: words.rackTitle, summary: words.rackSummary }} />
    </>
  )
}
