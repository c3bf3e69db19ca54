import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { CardGrid } from '@/components/ui/card-grid'
import { Container } from '@/components/ui/container'
import { Section, SectionHeader } from '@/components/ui/section'
import { paths } from '@/config/paths'
import { services } from '@/content/services'
import { spanishCopy } from '@/i18n/i18n'
import { t } from '@/i18n/home'
import { theme } from '@/config/theme'

const servicesInPageLanguage = spanishCopy('services')

/**
 * The four service groups with their feature lists and the call to action (SPEC §2 "Home" > Services).
 */
export function ServicesSection() {
  return (
    <Section $tone="surface" aria-labelledby="services-heading">
      <SectionHeader>
        <h2 id="services-heading">{t('home.sv.h')}</h2>
        <p>{t('home.sv.p')}</p>
      </SectionHeader>
      <Container>
        <CardGrid as="div" $tablet={2} $desktop={4}>
          {servicesInPageLanguage(services).map((service) => (
            <Card key={service.key} aria-labelledby={`service-${service.key}`}>
              <h3 id={`service-${service.key}`}>{service.title}</h3>
              <Summary>{service.summary}</Summary>
              <Features>
                {service.features.map((feature) => (
                  <li key={feature}>
                    <Check />
                    <span>{feature}</span>
                  </li>
                ))}
              </Features>
            </Card>
          ))}
        </CardGrid>
        <Cta>
          <ButtonLink to={paths.bookAppointment.getHref()} onClick={() => window.scrollTo({ top: 0, left: 0 })}>
            {t('home.sv.cta')}
          </ButtonLink>
        </Cta>
      </Container>
    </Section>
  )
}

function Check() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.14" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

const Card = styled.article`
  padding: ${theme.space[6]};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};

  h3 {
    margin-bottom: ${theme.space[3]};
  }
`

const Summary = styled.p`
  color: ${theme.colors.textMuted};
`

const Features = styled.ul`
  display: grid;
  gap: ${theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    gap: ${theme.space[3]};
    align-items: flex-start;
  }

  svg {
    flex: none;
    margin-top: 0.2em;
    color: ${theme.colors.primary};
  }
`

const Cta = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${theme.space[7]};
`
