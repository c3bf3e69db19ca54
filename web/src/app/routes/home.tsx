import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { practice } from '@/config/practice'
import { LocationsList } from '@/features/locations/components/locations-list'
import { useDocumentTitle } from '@/lib/use-document-title'

/** Home (SPEC §2 "Home"): for now a greeting and the clinics from the API; the full page comes later. */
export default function HomePage() {
  useDocumentTitle()

  return (
    <>
      <Hero>
        <Container>
          <h1>Welcome to {practice.name}</h1>
          <Tagline>{practice.tagline}</Tagline>
        </Container>
      </Hero>
      <Section aria-labelledby="clinics-heading">
        <Container>
          <h2 id="clinics-heading">Our clinics</h2>
          <LocationsList />
        </Container>
      </Section>
    </>
  )
}

const Hero = styled.section`
  padding-block: ${({ theme }) => theme.space[7]};
  background: ${({ theme }) => theme.colors.primarySoft};

  ${({ theme }) => theme.media.fromDesktop} {
    padding-block: ${({ theme }) => theme.space[9]};
  }
`

const Tagline = styled.p`
  margin: 0;
  max-width: ${({ theme }) => theme.layout.textWidth};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.primary};
`

const Section = styled.section`
  padding-block: ${({ theme }) => theme.space[7]};
`
