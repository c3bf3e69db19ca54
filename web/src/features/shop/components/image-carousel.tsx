import { useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { t } from '@/i18n/shop'
import { theme } from '@/config/theme'

/** A product's images, one at a time; Previous/Next are disabled at the ends (SPEC §4). */
export function ImageCarousel({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0)
  const many = images.length > 1
  return (
    <Figure aria-roledescription="carousel" aria-label={`${title} images`}>
      <Img src={images[index]} alt={`${title}, image ${index + 1} of ${images.length}`} width={600} height={450} />
      {many ? (
        <Controls>
          <Button $variant="secondary" onClick={() => setIndex(index - 1)} disabled={index === 0}>
            {t('shop.carousel.previous')}
          </Button>
          <Counter aria-live="polite">
            {index + 1} / {images.length}
          </Counter>
          <Button $variant="secondary" onClick={() => setIndex(index + 1)} disabled={index === images.length - 1}>
            {t('shop.carousel.next')}
          </Button>
        </Controls>
      ) : null}
    </Figure>
  )
}

const Figure = styled.section`
  display: grid;
  gap: ${theme.space[3]};
`

const Img = styled.img`
  width: 100%;
  height: auto;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
`

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
`

const Counter = styled.span`
  white-space: nowrap;
`
