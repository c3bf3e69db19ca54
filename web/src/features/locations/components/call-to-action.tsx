import type { Clinic } from '@hearing/contracts'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { t } from '@/i18n/locations'
import { phoneHref } from '@/lib/clinic-display'
import { theme } from '@/config/theme'

/** Closing call to action with a phone link per office (SPEC §2 "Locations"). */
export function CallToAction({ clinics }: { clinics: readonly Clinic[] }) {
  return (
    <Band aria-labelledby="locations-cta-heading">
      <Container>
        <h2 id="locations-cta-heading">{t('loc.cta.h')}</h2>
        <p>{t('loc.cta.p')}</p>
        <Actions>
          {clinics.map((clinic) => (
            <PhoneLink key={clinic.uid} href={phoneHref(clinic.phone)}>
              {t('loc.cta.call', { town: clinic.town, phone: clinic.phone })}
            </PhoneLink>
          ))}
          <BookLink to={paths.bookAppointment.getHref()} onClick={() => window.scrollTo({ top: 0, left: 0 })}>
            {t('loc.cta.book')}
          </BookLink>
        </Actions>
      </Container>
    </Band>
  )
}

const Band = styled.section`
  padding-block: ${theme.space[8]};
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  text-align: center;

  h2 {
    color: ${theme.colors.onPrimary};
  }

  p {
    max-width: ${theme.layout.textWidth};
    margin: 0 auto ${theme.space[6]};
    font-size: ${theme.fontSizes.lg};
  }

  a:focus-visible {
    outline-color: #ffffff;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space[4]};
`

const linkStyles = `
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 52px;
  padding: 0.75rem 1.5rem;
  border: 2px solid #ffffff;
  border-radius: 8px;
  font-weight: 700;
  text-decoration: none;
`

const PhoneLink = styled.a`
  ${linkStyles}
  background: #ffffff;
  color: ${theme.colors.primary};

  &:hover {
    background: ${theme.colors.primarySoft};
    color: ${theme.colors.primaryHover};
  }
`

const BookLink = styled(Link)`
  ${linkStyles}
  background: transparent;
  color: #ffffff;

  &:hover {
    background: rgba(255, 255, 255, 0.14);
    color: #ffffff;
  }
`
