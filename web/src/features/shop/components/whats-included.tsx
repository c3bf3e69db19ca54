import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { whatsIncluded as englishWhatsIncluded } from '@/content/legal'
import { spanishCopy } from '@/i18n/i18n'

const inPageLanguage = spanishCopy('legal/whats-included')

/** "What's Included" (SPEC §9): the four items every fitted hearing aid comes with. */
export function WhatsIncludedBlock() {
  const whatsIncluded = inPageLanguage(englishWhatsIncluded)
  return (
    <Band aria-labelledby="whats-included-heading">
      <Container>
        <h2 id="whats-included-heading">{whatsIncluded.title}</h2>
        <List>
          {whatsIncluded.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
        <p>{whatsIncluded.followUpCare}</p>
      </Container>
    </Band>
  )
}

const Band = styled.section`
  padding: ${({ theme }) => theme.space[7]} 0;
  background: ${({ theme }) => theme.colors.primarySoft};
`
const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: 0;
  list-style: none;
  ${({ theme }) => theme.media.fromTablet} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${({ theme }) => theme.media.fromDesktop} {
    grid-template-columns: repeat(4, 1fr);
  }
  li {
    padding: ${({ theme }) => theme.space[4]};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.background};
    font-weight: 600;
  }
`
