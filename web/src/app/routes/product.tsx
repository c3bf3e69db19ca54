import { useParams } from 'react-router-dom'
import styled from 'styled-components'

import { Button, ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import type { Product } from '@hearing/contracts'
import { useProduct } from '@/features/shop/api/products'
import { cart } from '@/features/shop/cart'
import { ImageCarousel } from '@/features/shop/components/image-carousel'
import { ProductInfoDialogs } from '@/features/shop/components/info-dialogs'
import { Price, Rating } from '@/features/shop/components/price'
import { LoadingState } from '@/features/shop/components/status'
import { WhatsIncludedBlock } from '@/features/shop/components/whats-included'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useInTurns } from '@/lib/use-in-turns'
import { t } from '@/i18n/shop'
import { EnglishContent } from '@/components/ui/english-content'
import { currentLocale } from '@/i18n/i18n'
import { theme } from '@/config/theme'

/** /products/{productId} (SPEC §2): the product with its dialogs, or Product Not Found (SPEC §4, §8). */
export default function ProductPage() {
  const { productId = '' } = useParams()
  const { data: product, error, isLoading } = useProduct(productId)
  useDocumentTitle(product?.title ?? t('shop.product.fallbackTitle'))

  if (isLoading) return <LoadingState text={t('shop.product.loading')} />
  if (!product) {
    const message =
      error instanceof ApiError && error.status === 404
        ? t('shop.product.notFound')
        : error
          ? t('shop.product.loadFailed')
          : t('shop.product.notFoundDefault')
    return (
      <Container>
        <NotFound>
          <h1>{t('shop.product.notFoundHeading')}</h1>
          <p>{message}</p>
          <ButtonLink to={paths.products.getHref()}>{t('shop.product.back')}</ButtonLink>
        </NotFound>
      </Container>
    )
  }
  return <ProductView product={product} />
}

function ProductView({ product }: { product: Product }) {
  // The product at once, what comes with every hearing aid (below it) in the next task.
  const shown = useInTurns(2)
  const addToCart = () => {
    cart.add({ id: product.id, title: product.title, brand: product.brand, price: product.price, image: product.images[0] ?? '' })
    notify.success(t('shop.product.added.title'), t('shop.product.added.text', { title: product.title }))
  }
  return (
    <>
      <Container>
        <Back to={paths.products.getHref()}>{t('shop.product.backArrow')}</Back>
        <Grid>
          <ImageCarousel images={product.images} title={product.title} />
          <Details>
            <Badge>{product.brand}</Badge>
            <h1>{product.title}</h1>
            <Rating rating={product.rating} reviews={product.reviews} />
            <Price product={product} />
            <EnglishContent>
              <p>{product.description}</p>
            </EnglishContent>
            <h2>{t('shop.product.features')}</h2>
            <ul lang={currentLocale() === 'es' ? 'en' : undefined}>
              {product.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <p>
              <strong>{t('shop.product.warranty')}</strong> <EnglishContent as="span">{product.warranty}</EnglishContent>
            </p>
            <ProductInfoDialogs />
            <Actions>
              <Button onClick={addToCart}>{t('shop.product.addToCart')}</Button>
              <ButtonLink $variant="secondary" to={paths.bookAppointment.getHref({ product: product.id })}>
                {t('shop.product.scheduleFitting')}
              </ButtonLink>
            </Actions>
          </Details>
        </Grid>
      </Container>
      {shown === 2 ? <WhatsIncludedBlock /> : null}
    </>
  )
}

const NotFound = styled.div`
  display: grid;
  justify-items: start;
  gap: ${theme.space[3]};
  margin: ${theme.space[8]} 0;
`
const Back = styled(ButtonLink).attrs({ $variant: 'secondary' as const })`
  margin: ${theme.space[5]} 0;
`
const Grid = styled.div`
  display: grid;
  gap: ${theme.space[6]};
  margin-bottom: ${theme.space[7]};
  ${theme.media.fromDesktop} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`
const Details = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  h1,
  h2,
  p,
  ul {
    margin: 0;
  }
  h2 {
    font-size: ${theme.fontSizes.lg};
  }
`
const Badge = styled.p`
  justify-self: start;
  padding: ${theme.space[1]} ${theme.space[3]};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.primarySoft};
  color: ${theme.colors.primary};
  font-weight: 700;
`
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
`
