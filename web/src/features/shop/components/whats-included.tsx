import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { whatsIncluded as englishWhatsIncluded } from '@/content/legal'
import { spanishCopy } from '@/i18n/i18n'
import { theme } from '@/config/theme'

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
  padding: ${theme.space[7]} 0;
  background: ${theme.colors.primarySoft};
`
const List = styled.ul`
  display: grid;
  gap: ${theme.space[3]};
  padding: 0;
  list-style: none;
  ${theme.media.fromTablet} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${theme.media.fromDesktop} {
    grid-template-columns: repeat(4, 1fr);
  }
  li {
    padding: ${theme.space[4]};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.background};
    font-weight: 600;
  }
`
