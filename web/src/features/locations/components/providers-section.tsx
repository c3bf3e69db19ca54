import styled from 'styled-components'

import { CardGrid } from '@/components/ui/card-grid'
import { Container } from '@/components/ui/container'
import { Section, SectionHeader } from '@/components/ui/section'
import type { TeamMember } from '@/content/team'
import { t } from '@/i18n/locations'
import { theme } from '@/config/theme'

interface ProvidersSectionProps {
  providers: readonly TeamMember[]
  imageUrl: (member: TeamMember) => string
}

/** The clinicians who see patients at both offices (SPEC §2 "Locations" > providers). */
export function ProvidersSection({ providers, imageUrl }: ProvidersSectionProps) {
  return (
    <Section aria-labelledby="providers-heading">
      <SectionHeader>
        <h2 id="providers-heading">{t('loc.pr.h')}</h2>
        <p>{t('loc.pr.p')}</p>
      </SectionHeader>
      <Container>
        <Grid>
          {providers.map((member) => (
            <li key={member.id}>
              <Photo src={imageUrl(member)} alt="" width={240} height={240} loading="lazy" decoding="async" />
              <h3>{member.name}</h3>
              <Role>{member.title}</Role>
              <Summary>{member.summary}</Summary>
            </li>
          ))}
        </Grid>
      </Container>
    </Section>
  )
}

const Grid = styled(CardGrid)`
  text-align: center;

  ${theme.media.fromTablet} {
    grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
  }

  li {
    padding: ${theme.space[6]};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.lg};
  }

  h3 {
    margin-bottom: ${theme.space[1]};
  }
`

const Photo = styled.img`
  width: 8rem;
  height: 8rem;
  margin: 0 auto ${theme.space[4]};
  border-radius: 50%;
  object-fit: cover;
  background: ${theme.colors.primarySoft};
`

const Role = styled.p`
  margin-bottom: ${theme.space[3]};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.primary};
`

const Summary = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`
