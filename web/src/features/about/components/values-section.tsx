import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { values, type Value } from '@/content/values'

import { Section, SectionHeader } from './section'

const icons: Record<Value['title'], string> = {
  // heart
  Compassion:
    'M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z',
  // award ribbon
  Excellence: 'M12 3a5.5 5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11zM8.5 13.5 7 21l5-2.5 5 2.5-1.5-7.5',
  // people
  Community:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.5-3.6 3.2-6 6.5-6s6 2.4 6.5 6M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.3c2 .8 3.2 2.8 3.5 5.7',
}

/** "Our Values" (SPEC §2 "About"): Compassion, Excellence, Community. */
export function ValuesSection() {
  return (
    <Section $tone="surface" aria-labelledby="values-heading">
      <SectionHeader>
        <h2 id="values-heading">Our Values</h2>
        <p>What guides every appointment, every fitting and every phone call.</p>
      </SectionHeader>
      <Container>
        <Grid>
          {values.map((value) => (
            <Card key={value.title}>
              <Icon viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
                <path
                  d={icons[value.title]}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </Icon>
              <h3>{value.title}</h3>
              <p>{value.description}</p>
            </Card>
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

  ${({ theme }) => theme.media.fromDesktop} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`

const Card = styled.li`
  padding: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.card};
  text-align: center;

  h3 {
    margin-bottom: ${({ theme }) => theme.space[3]};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

const Icon = styled.svg`
  margin: 0 auto ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[3]};
  width: 4.5rem;
  height: 4.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
`
