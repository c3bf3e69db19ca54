import { useRef } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Container } from '@/components/ui/container'

import type { Product } from '@hearing/contracts'
import { ProductCard } from './product-card'

/**
 * One collection as a looping carousel (SPEC §2, §4): 1/2/3/4 cards per row by width; Next after
 * the last card goes back to the first and Previous before the first goes to the end. The section's
 * id is the collection key, so /products#phonak lands here.
 */
export function CollectionCarousel({ id, title, products }: { id: string; title: string; products: Product[] }) {
  const track = useRef<HTMLUListElement>(null)

  const move = (direction: 1 | -1) => {
    const el = track.current
    if (!el) return
    const step = (el.firstElementChild as HTMLElement | null)?.offsetWidth ?? el.clientWidth
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4
    const atStart = el.scrollLeft <= 4
    const left = direction === 1 && atEnd ? 0 : direction === -1 && atStart ? el.scrollWidth : el.scrollLeft + direction * step
    el.scrollTo({ left, behavior: 'smooth' })
  }

  return (
    <Section id={id} aria-labelledby={`${id}-heading`}>
      <Container>
        <Header>
          <h2 id={`${id}-heading`}>{title}</h2>
          <Buttons>
            <Button $variant="secondary" onClick={() => move(-1)} aria-label={`Previous ${title} products`}>
              ‹
            </Button>
            <Button $variant="secondary" onClick={() => move(1)} aria-label={`Next ${title} products`}>
              ›
            </Button>
          </Buttons>
        </Header>
        <Track ref={track}>
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
  padding: ${({ theme }) => theme.space[6]} 0;
  scroll-margin-top: 6rem;
`
const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`
const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`
const Track = styled.ul`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: 100%;
  gap: ${({ theme }) => theme.space[4]};
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  margin: 0;
  padding: ${({ theme }) => theme.space[2]};
  list-style: none;
  ${({ theme }) => theme.media.fromTablet} {
    grid-auto-columns: calc((100% - 1rem) / 2);
  }
  ${({ theme }) => theme.media.fromDesktop} {
    grid-auto-columns: calc((100% - 2rem) / 3);
  }
  @media (min-width: 1280px) {
    grid-auto-columns: calc((100% - 3rem) / 4);
  }
  li {
    scroll-snap-align: start;
  }
`
