import { PromoBand } from '@/components/ui/promo-band'
import { paths } from '@/config/paths'
import { media } from '@/content/media'
// The self-check's invitation (en.links.json, small, in every page's bundle; its page's copy loads with that page).
import links from '@/content/self-check/en.links.json'
import { BrandsSection } from '@/features/home/components/brands-section'
import { HomeHero } from '@/features/home/components/home-hero'
import { InsuranceSection } from '@/features/home/components/insurance-section'
import { ServicesSection } from '@/features/home/components/services-section'
import { ReviewsSection } from '@/features/reviews/components/reviews-section'
import { useDocumentTitle } from '@/lib/use-document-title'
import { spanishCopy } from '@/i18n/i18n'

const selfCheckInPageLanguage = spanishCopy('self-check')

/**
 * Home (SPEC §2 "Home"): hero, insurance partners, brands, services, the hearing self-check, reviews. Everything but the
 * reviews is static content (src/content), so the page paints without waiting for the API.
 */
export default function HomePage() {
  useDocumentTitle()
  const { homePromo } = selfCheckInPageLanguage(links)

  return (
    <>
        <HomeHero video={media.heroVideo} art={media.heroArt} />
        <InsuranceSection />
        <BrandsSection />
        <ServicesSection />
        <PromoBand id="self-check-promo-heading" heading={homePromo.heading} text={homePromo.text} link={homePromo.link} to={paths.hearingSelfCheck.getHref()} />
        <ReviewsSection />
    </>
  )
}
