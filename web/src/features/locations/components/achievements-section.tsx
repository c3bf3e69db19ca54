import styled from 'styled-components'

import { Card, CardGrid } from '@/components/ui/card-grid'
import { Container } from '@/components/ui/container'
import { Section, SectionHeader } from '@/components/ui/section'
import { practice } from '@/content/practice'
import { t } from '@/i18n/locations'
import { theme } from '@/config/theme'

/** The practice's achievements (SPEC §1 trust claims, §2 "Locations"). */
export function AchievementsSection() {
  const { claims } = practice
  const items = [
    { value: claims.award.name, label: t('loc.ach.voted', { years: claims.award.years }) },
    { value: `${claims.rating}/${claims.ratingOutOf}`, label: t('loc.ach.rating') },
    { value: claims.patientsHelped, label: t('loc.ach.helped') },
    { value: claims.yearsOfExperience, label: t('loc.ach.years') },
  ]
  return (
    <Section $tone="surface" aria-labelledby="achievements-heading">
      <SectionHeader>
        <h2 id="achievements-heading">{t('loc.ach.h')}</h2>
        <p>{t('loc.ach.p', { year: practice.foundedYear })}</p>
      </SectionHeader>
      <Container>
        <CardGrid $tablet={2} $desktop={4}>
          {items.map((item) => (
            <Card key={item.label} $centered>
              <Value>{item.value}</Value>
              <Label>{item.label}</Label>
            </Card>
          ))}
        </CardGrid>
      </Container>
    </Section>
  )
}

const Value = styled.p`
  margin-bottom: ${theme.space[2]};
  font-size: ${theme.fontSizes['2xl']};
  font-weight: ${theme.fontWeights.bold};
  line-height: ${theme.lineHeights.tight};
  color: ${theme.colors.primary};
`

const Label = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`
