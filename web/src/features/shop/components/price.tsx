import styled from 'styled-components'

import { VisuallyHidden } from '@/components/ui/visually-hidden'

import type { Product } from '@hearing/contracts'
import { formatPrice } from '../cart'
import { intlLocale } from '@/i18n/i18n'
import { t } from '@/i18n/shop'
import { theme } from '@/config/theme'

/** Price, with the compare price struck through when there is one. */
export function Price({ product }: { product: Pick<Product, 'price' | 'comparePrice'> }) {
  return (
    <Prices>
      <Current>{formatPrice(product.price)}</Current>
      {product.comparePrice ? (
        <Compare>
          <VisuallyHidden>{t('shop.product.was')} </VisuallyHidden>
          <s>{formatPrice(product.comparePrice)}</s>
        </Compare>
      ) : null}
    </Prices>
  )
}

const Prices = styled.p`
  display: flex;
  align-items: baseline;
  gap: ${theme.space[3]};
  margin: 0;
`
const Current = styled.span`
  font-size: ${theme.fontSizes.xl};
  font-weight: 700;
  color: ${theme.colors.text};
`
const Compare = styled.span`
  color: ${theme.colors.textMuted};
`

/** "4.5" / "4,5": one decimal, in the page's language. */
const formatRating = (rating: number) => new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating)

/** Rating and review count, in words for screen readers. */
export function Rating({ rating, reviews }: { rating: number; reviews: number }) {
  return (
    <RatingText>
      <span aria-hidden="true">★</span> {t('shop.product.rating', { rating: formatRating(rating), reviews })}
    </RatingText>
  )
}

const RatingText = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  span {
    color: ${theme.colors.star};
  }
`
