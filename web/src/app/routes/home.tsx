import { media } from '@/content/media'
import { BrandsSection } from '@/features/home/components/brands-section'
import { HomeHero } from '@/features/home/components/home-hero'
import { InsuranceSection } from '@/features/home/components/insurance-section'
import { ServicesSection } from '@/features/home/components/services-section'
import { ReviewsSection } from '@/features/reviews/components/reviews-section'
import { useDocumentTitle } from '@/lib/use-document-title'

/**
 * Home (SPEC §2 "Home"): hero, insurance partners, brands, services, reviews. Everything but the
 * reviews is static content (src/content), so the page paints without waiting for the API.
 */
export default function HomePage() {
  useDocumentTitle()

  return (
    <>
      <HomeHero video={media.heroVideo} />
      <InsuranceSection />
      <BrandsSection />
      <ServicesSection />
      <ReviewsSection />
    </>
  )
}
