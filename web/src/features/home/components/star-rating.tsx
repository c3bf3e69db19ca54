import { useId } from 'react'
import styled from 'styled-components'

import { t } from '@/i18n/home'

interface StarRatingProps {
  rating: number
  outOf: number
}

const STAR =
  'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'

/**
 * Five stars filled to the rating (a 4.9 fills the fifth star to 90%). One image for assistive
 * technology, named with the rating in words.
 */
export function StarRating({ rating, outOf }: StarRatingProps) {
  // Usable inside url(#…): keep letters, digits, - and _ only.
  const id = useId().replace(/[^\w-]/g, '')
  return (
    <Stars role="img" aria-label={t('home.stars', { rating, outOf })}>
      {Array.from({ length: outOf }, (_, i) => {
        const fill = Math.max(0, Math.min(1, rating - i))
        const gradientId = `${id}-star-${i}`
        return (
          <svg key={i} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <defs>
              <linearGradient id={gradientId}>
                <stop offset={`${fill * 100}%`} stopColor="#f5b82e" />
                <stop offset={`${fill * 100}%`} stopColor="transparent" />
              </linearGradient>
            </defs>
            <path d={STAR} fill={`url(#${gradientId})`} stroke="#f5b82e" strokeWidth="1.5" strokeLinejoin="round" />
          </svg>
        )
      })}
    </Stars>
  )
}

const Stars = styled.span`
  display: inline-flex;
  gap: 2px;
`
