import { useCallback, useEffect, useRef, useState } from 'react'
import styled from 'styled-components'

import { ChevronLeftIcon, ChevronRightIcon } from '@/components/layout/icons'
import { Container } from '@/components/ui/container'
import { t } from '@/i18n/products'

import type { Product } from '@hearing/contracts'
import { ProductCard } from './product-card'
import { theme } from '@/config/theme'

/** Within this many pixels of an end counts as at it (scroll positions are fractional). */
const EDGE = 4

/**
 * One collection as a carousel (SPEC §2, §4): 1/2/3/4 cards per row by width; Previous and Next
 * move by one card and are disabled at the ends (and both when every card is in view), so a button
 * never looks usable while doing nothing. The section's id is the collection key, so
 * /products#phonak lands here.
 */
export function CollectionCarousel({ id, title, products }: { id: string; title: string; products: Product[] }) {
  const track = useRef<HTMLUListElement>(null)
  const [ends, setEnds] = useState({ atStart: true, atEnd: false })

  const measure = useCallback(() => {
    const el = track.current
    if (!el) return
    setEnds({ atStart: el.scrollLeft <= EDGE, atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - EDGE })
  }, [])

  useEffect(() => {
    const el = track.current
    if (!el) return
    measure()
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure)
    observer?.observe(el)
    return () => observer?.disconnect()
  }, [measure, products.length])

  const move = (direction: 1 | -1) => {
    const el = track.current
    if (!el) return
    const step = (el.firstElementChild as HTMLElement | null)?.offsetWidth ?? el.clientWidth
    // No sliding for those who asked their system for less motion.
    el.scrollBy({ left: direction * step, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })
  }

  return (
    <Section id={id} aria-labelledby={`${id}-heading`}>
      <Container>
        <Header>
          <h2 id={`${id}-heading`}>{title}</h2>
          <Buttons>
            <Arrow type="button" onClick={() => move(-1)} disabled={ends.atStart} aria-label={t('products.carousel.previous', { title })}>
              <ChevronLeftIcon size={28} />
            </Arrow>
            <Arrow type="button" onClick={() => move(1)} disabled={ends.atEnd} aria-label={t('products.carousel.next', { title })}>
              <ChevronRightIcon size={28} />
            </Arrow>
          </Buttons>
        </Header>
        <Track ref={track} onScroll={measure}>
          {products.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} />
            </li>
          ))}
        </Track>
      </Container>
    </Section>
  )
}

const Section = styled.section`
  padding: ${theme.space[6]} 0;
  scroll-margin-top: 6rem;
`
const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
`
const Buttons = styled.div`
  display: flex;
  flex: none;
  gap: ${theme.space[2]};
`
const Arrow = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  padding: 0;
  border: 2px solid ${theme.colors.primary};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.background};
  color: ${theme.colors.primary};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${theme.colors.primarySoft};
  }
  &:focus-visible {
    outline: ${theme.focus.outline};
    outline-offset: ${theme.focus.outlineOffset};
  }
  &:disabled {
    border-color: ${theme.colors.borderStrong};
    color: ${theme.colors.textMuted};
    cursor: not-allowed;
  }
`
const Track = styled.ul`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: 100%;
  gap: ${theme.space[4]};
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  /* Cards snap to the padding's edge, so the first card is at scrollLeft 0 (Previous disabled at the start). */
  scroll-padding-inline: ${theme.space[2]};
  margin: 0;
  padding: ${theme.space[2]};
  list-style: none;
  /* Cards' visually hidden texts are positioned: without this they escape the scroller and widen the page. */
  position: relative;
  ${theme.media.fromTablet} {
    grid-auto-columns: calc((100% - 1rem) / 2);
  }
  ${theme.media.fromDesktop} {
    grid-auto-columns: calc((100% - 2rem) / 3);
  }
  @media (min-width: 1280px) {
    grid-auto-columns: calc((100% - 3rem) / 4);
  }
  li {
    scroll-snap-align: start;
  }
`
