import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { ErrorPanel } from '@/components/ui/error-panel'
import { PageHero } from '@/components/ui/page-hero'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { paths } from '@/config/paths'
import { COLLECTION_KEYS, COLLECTION_TITLES, type Product } from '@hearing/contracts'
import { useCollections } from '@/features/shop/api/products'
import { CollectionCarousel } from '@/features/shop/components/collection-carousel'
import { ImageCarousel } from '@/features/shop/components/image-carousel'
import { Price } from '@/features/shop/components/price'
import { LoadingState } from '@/features/shop/components/status'
import { WhatsIncludedBlock } from '@/features/shop/components/whats-included'
import { ApiError } from '@/lib/api-client'
import { useEnglishPageTitle } from '@/lib/use-document-title'
import { usePrefersReducedMotion } from '@/lib/use-prefers-reduced-motion'

/** SPEC §8 texts: the function answered with an error, or no answer came at all. */
const FUNCTION_ERROR = 'Failed to load products from Shopify. Please check your Shopify credentials and collection handles.'
const NETWORK_ERROR = 'Failed to connect to product service. Please check your network connection.'

/** /products (SPEC §2): hero, featured product, a looping carousel per non-empty collection, What's Included. */
export default function ProductsPage() {
  useEnglishPageTitle('Hearing Aids')
  const { data, error, isLoading, mutate, isValidating } = useCollections()
  const { hash } = useLocation()
  const reducedMotion = usePrefersReducedMotion()

  const collections = data?.collections
  // After loading, a hash such as #phonak scrolls smoothly to that collection.
  useEffect(() => {
    if (!collections || !hash) return
    const target = document.getElementById(decodeURIComponent(hash.slice(1)))
    target?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' })
  }, [collections, hash, reducedMotion])

  const hero = (
    <PageHero title="Hearing Aids">
      <p>Premium hearing aids from trusted brands, fitted and cared for by our audiologists.</p>
    </PageHero>
  )

  if (isLoading) return <>{hero}<LoadingState text="Loading products..." /></>
  if (error && !collections) {
    return (
      <>
        {hero}
        <Container>
          <ErrorPanel title="Connection Issue" onRetry={() => void mutate()} retrying={isValidating}>
            {error instanceof ApiError && error.status > 0 ? FUNCTION_ERROR : NETWORK_ERROR}
          </ErrorPanel>
        </Container>
      </>
    )
  }

  const nonEmpty = COLLECTION_KEYS.filter((key) => (collections?.[key]?.length ?? 0) > 0)
  const featured = nonEmpty.length > 0 ? collections![nonEmpty[0]!]![0] : undefined
  if (!featured) {
    return (
      <>
        {hero}
        <Container>
          <Empty>No products available</Empty>
        </Container>
      </>
    )
  }

  return (
    <>
      {hero}
      {data?.notice ? (
        <Container>
          <Notice role="status">
            <strong>{data.notice}</strong> Showing the products we last loaded from our store; prices and availability may have changed since.
          </Notice>
        </Container>
      ) : null}
      <Featured product={featured} />
      {nonEmpty.map((key) => (
        <CollectionCarousel key={key} id={key} title={COLLECTION_TITLES[key] ?? key} products={collections![key]!} />
      ))}
      <WhatsIncludedBlock />
    </>
  )
}

function Featured({ product }: { product: Product }) {
  return (
    <FeaturedSection aria-labelledby="featured-heading">
      <FeaturedGrid>
        <ImageCarousel images={product.images} title={product.title} />
        <Details>
          <Eyebrow>Featured</Eyebrow>
          <h2 id="featured-heading">{product.title}</h2>
          <Price product={product} />
          <p>{product.description}</p>
          <ul>
            {product.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <p>
            <strong>Warranty:</strong> {product.warranty}
          </p>
          <Actions>
            <ButtonLink to={paths.bookAppointment.getHref({ product: product.id })}>Schedule Fitting Appointment</ButtonLink>
            <ButtonLink $variant="secondary" to={paths.product.getHref(product.id)}>
              Learn More
              <VisuallyHidden> about the {product.title}</VisuallyHidden>
            </ButtonLink>
          </Actions>
        </Details>
      </FeaturedGrid>
    </FeaturedSection>
  )
}

const Empty = styled.p`
  margin: ${({ theme }) => theme.space[7]} 0;
`
const FeaturedSection = styled.section`
  padding: ${({ theme }) => theme.space[7]} 0;
`
const FeaturedGrid = styled(Container)`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[6]};
  ${({ theme }) => theme.media.fromDesktop} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`
const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  h2,
  p,
  ul {
    margin: 0;
  }
`
const Eyebrow = styled.p`
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 700;
  text-transform: uppercase;
`
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`

const Notice = styled.p`
  margin: ${({ theme }) => theme.space[5]} 0 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 2px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`
