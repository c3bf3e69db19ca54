import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { EnglishContent } from '@/components/ui/english-content'
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
import { t } from '@/i18n/products'
import { ApiError } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useInTurns } from '@/lib/use-in-turns'
import { prefersReducedMotion } from '@/lib/use-prefers-reduced-motion'
import { theme } from '@/config/theme'

/** A collection's heading: the brand's name, or the catalog's words for a list such as Best Sellers. */
function collectionTitle(key: string): string {
  return key === 'best-sellers' ? t('products.collection.best-sellers') : (COLLECTION_TITLES[key as keyof typeof COLLECTION_TITLES] ?? key)
}

/** /products (SPEC §2): hero, featured product, a looping carousel per non-empty collection, What's Included. */
export default function ProductsPage() {
  useDocumentTitle(t('products.title'))
  const { data, error, isLoading, mutate, isValidating } = useCollections()
  const { hash } = useLocation()

  const collections = data?.collections
  const nonEmpty = COLLECTION_KEYS.filter((key) => (collections?.[key]?.length ?? 0) > 0)
  // The featured product (with the page's largest picture) at once, then one collection per task.
  const shownCollections = useInTurns(nonEmpty.length + 1) - 1
  const allShown = collections !== undefined && shownCollections === nonEmpty.length
  // After loading, a hash such as #phonak scrolls smoothly to that collection.
  useEffect(() => {
    if (!allShown || !hash) return
    const target = document.getElementById(decodeURIComponent(hash.slice(1)))
    target?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
  }, [allShown, hash])

  const hero = (
    <PageHero title={t('products.title')}>
      <p>{t('products.lead')}</p>
    </PageHero>
  )

  if (isLoading) return <>{hero}<LoadingState text={t('products.loading')} /></>
  if (error && !collections) {
    return (
      <>
        {hero}
        <Container>
          {/* SPEC §8 texts: the function answered with an error, or no answer came at all. */}
          <ErrorPanel title={t('products.errorTitle')} onRetry={() => void mutate()} retrying={isValidating}>
            {error instanceof ApiError && error.status > 0 ? t('products.functionError') : t('products.networkError')}
          </ErrorPanel>
        </Container>
      </>
    )
  }

  const featured = nonEmpty.length > 0 ? collections![nonEmpty[0]!]![0] : undefined
  if (!featured) {
    return (
      <>
        {hero}
        <Container>
          <Empty>{t('products.empty')}</Empty>
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
            <strong>
              <EnglishContent as="span">{data.notice}</EnglishContent>
            </strong>{' '}
            {t('products.staleNotice')}
          </Notice>
        </Container>
      ) : null}
      <Featured product={featured} />
      {nonEmpty.slice(0, shownCollections).map((key) => (
        <CollectionCarousel key={key} id={key} title={collectionTitle(key)} products={collections![key]!} />
      ))}
      {allShown ? <WhatsIncludedBlock /> : null}
    </>
  )
}

function Featured({ product }: { product: Product }) {
  return (
    <FeaturedSection aria-labelledby="featured-heading">
      <FeaturedGrid>
        <ImageCarousel images={product.images} title={product.title} />
        <Details>
          <Eyebrow>{t('products.featured')}</Eyebrow>
          <h2 id="featured-heading">{product.title}</h2>
          <Price product={product} />
          {/* The store's descriptions are English: on Spanish pages marked so, under a short note. */}
          <EnglishContent>
            <p>{product.description}</p>
            <ul>
              {product.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </EnglishContent>
          <p>
            <strong>{t('products.warranty')}</strong> <EnglishContent as="span">{product.warranty}</EnglishContent>
          </p>
          <Actions>
            <ButtonLink to={paths.bookAppointment.getHref({ product: product.id })}>{t('products.scheduleFitting')}</ButtonLink>
            <ButtonLink $variant="secondary" to={paths.product.getHref(product.id)}>
              {t('products.learnMore')}
              <VisuallyHidden>{t('products.learnMoreAbout', { title: product.title })}</VisuallyHidden>
            </ButtonLink>
          </Actions>
        </Details>
      </FeaturedGrid>
    </FeaturedSection>
  )
}

const Empty = styled.p`
  margin: ${theme.space[7]} 0;
`
const FeaturedSection = styled.section`
  padding: ${theme.space[7]} 0;
`
const FeaturedGrid = styled(Container)`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[6]};
  ${theme.media.fromDesktop} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`
const Details = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  h2,
  p,
  ul {
    margin: 0;
  }
`
const Eyebrow = styled.p`
  color: ${theme.colors.accent};
  font-weight: 700;
  text-transform: uppercase;
`
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
`

const Notice = styled.p`
  margin: ${theme.space[5]} 0 0;
  padding: ${theme.space[4]};
  border: 2px solid ${theme.colors.danger};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
`
