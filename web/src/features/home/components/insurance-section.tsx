import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { Section, SectionHeader } from '@/components/ui/section'
import { paths } from '@/config/paths'
import { insurance as englishInsurance, insurerLogos } from '@/content/insurers'
import { currentLocale, spanishCopy } from '@/i18n/i18n'
import { t } from '@/i18n/home'

import { LogoCarousel } from './logo-carousel'
import { theme } from '@/config/theme'

const insurersInPageLanguage = spanishCopy('insurers')

/**
 * "Most Insurance Plans Accepted" (SPEC §2 "Home" > Insurance section, §9): the partner logos in
 * an auto-advancing, looping carousel, then what to do when a plan is not among them.
 */
export function InsuranceSection() {
  const insurance = insurersInPageLanguage(englishInsurance)
  // The logos' alternative texts are "Insurance partner N" (SPEC §2); on Spanish pages in Spanish.
  const logos = currentLocale() === 'es' ? insurerLogos.map((logo, i) => ({ ...logo, alt: t('home.logo', { n: i + 1 }) })) : insurerLogos
  return (
    <Section aria-labelledby="insurance-heading">
      <SectionHeader>
        <h2 id="insurance-heading">{insurance.heading}</h2>
        <p>{insurance.intro}</p>
      </SectionHeader>
      <Strip>
        <LogoCarousel label={t('home.logos')} logos={logos} intervalMs={insurance.autoPlayMs} />
      </Strip>
      <Container>
        <Fallback>
          <Lead>{insurance.notListed}</Lead>
          <p>{insurance.help}</p>
          <ButtonLink to={paths.contactUs.getHref()} onClick={() => window.scrollTo({ top: 0, left: 0 })}>
            {insurance.contactLabel}
          </ButtonLink>
        </Fallback>
      </Container>
    </Section>
  )
}

/** Wider than the text (wide screens show up to 10 logos), with side padding. */
const Strip = styled.div`
  max-width: 90rem;
  margin-inline: auto;
  padding-inline: ${theme.space[4]};

  ${theme.media.fromTablet} {
    padding-inline: ${theme.space[6]};
  }
`

const Fallback = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  max-width: 40rem;
  margin: ${theme.space[7]} auto 0;
  padding: ${theme.space[6]};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.primarySoft};
  text-align: center;

  p {
    margin-bottom: ${theme.space[4]};
  }
`

const Lead = styled.p`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.text};
`
