import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { practice } from '@/content/practice'

import { Section, SectionHeader } from './section'

/** The practice's achievements (SPEC §1 trust claims, §2 "Locations"). */
export function AchievementsSection() {
  const { claims } = practice
  const items = [
    { value: claims.award.name, label: `Voted by our neighbors ${claims.award.years}` },
    { value: `${claims.rating}/${claims.ratingOutOf}`, label: 'Average patient rating' },
    { value: claims.patientsHelped, label: 'Patients helped' },
    { value: claims.yearsOfExperience, label: 'Years of experience' },
  ]
  return (
    <Section $tone="surface" aria-labelledby="achievements-heading">
      <SectionHeader>
        <h2 id="achievements-heading">Our Achievements</h2>
        <p>Proud to be North Georgia&apos;s trusted choice for hearing care since {practice.foundedYear}.</p>
      </SectionHeader>
      <Container>
        <Grid>
          {items.map((item) => (
            <li key={item.label}>
              <Value>{item.value}</Value>
              <Label>{item.label}</Label>
            </li>
          ))}
        </Grid>
      </Container>
    </Section>
  )
}

const Grid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;
  text-align: center;

  ${({ theme }) => theme.media.fromTablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.fromDesktop} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  li {
    padding: ${({ theme }) => theme.space[6]};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.background};
    box-shadow: ${({ theme }) => theme.shadows.card};
  }
`

const Value = styled.p`
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  color: ${({ theme }) => theme.colors.primary};
`

const Label = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`
