import { CLINICS } from '@hearing/contracts'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { footerLinks, legalLinks } from '@/content/navigation'
import { practice } from '@/content/practice'
import { officeHours, phoneHref } from '@/lib/clinic-display'
import { reopenCookieNotice } from '@/lib/cookie-consent'

import { Brand } from './brand'
import { MailIcon, PhoneIcon } from './icons'
import { OpeningHours } from './opening-hours'
import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

/**
 * The site footer (SPEC §2 "Header and footer"): contact details, quick links, both clinics'
 * addresses, opening hours and the legal links, plus a way back to the cookie choice.
 */
export function SiteFooter() {
  const year = new Date().getFullYear()

  return (
    <Footer>
      <Container>
        <Columns>
          <Column>
            <Brand inverse />
            <About>{t('practice.description')}</About>
            <Heading id="footer-contact">{t('footer.contactUs')}</Heading>
            <Plain>
              {CLINICS.map((clinic) => (
                <li key={clinic.uid}>
                  <IconLink href={phoneHref(clinic.phone)}>
                    <PhoneIcon size={18} />
                    <span>
                      {clinic.town}: {clinic.phone}
                    </span>
                  </IconLink>
                </li>
              ))}
              <li>
                <IconLink href={`mailto:${practice.supportEmail}`}>
                  <MailIcon size={18} />
                  <span>{practice.supportEmail}</span>
                </IconLink>
              </li>
            </Plain>
          </Column>

          <Column>
            <Heading id="footer-links">{t('footer.quickLinks')}</Heading>
            <nav aria-labelledby="footer-links">
              <Plain>
                {footerLinks.map((link) => (
                  <li key={link.href}>
                    <FooterLink to={link.href}>{t(link.label as never)}</FooterLink>
                  </li>
                ))}
              </Plain>
            </nav>
          </Column>

          <Column>
            <Heading id="footer-locations">{t('footer.locations')}</Heading>
            <Plain>
              {CLINICS.map((clinic) => (
                <li key={clinic.uid}>
                  <ClinicName>{clinic.name}</ClinicName>
                  <Address>
                    {clinic.address.line1}
                    {clinic.address.line2 ? `, ${clinic.address.line2}` : ''}
                    <br />
                    {clinic.address.city}, {clinic.address.state} {clinic.address.zip}
                  </Address>
                </li>
              ))}
            </Plain>
          </Column>

          <Column>
            <Heading id="footer-hours">{t('footer.hours')}</Heading>
            <Hours hours={officeHours} />
          </Column>
        </Columns>

        <Bottom>
          <Copyright>
            {t('footer.copyright', { year: String(year), practice: practice.name })}
          </Copyright>
          <nav aria-label={t('footer.legal')}>
            <LegalList>
              {legalLinks.map((link) => (
                <li key={link.href}>
                  <FooterLink to={link.href}>{t(link.label as never)}</FooterLink>
                </li>
              ))}
              <li>
                <TextButton type="button" onClick={reopenCookieNotice}>
                  {t('footer.cookiePreferences')}
                </TextButton>
              </li>
            </LegalList>
          </nav>
        </Bottom>
      </Container>
    </Footer>
  )
}

const Footer = styled.footer`
  margin-top: ${theme.space[8]};
  padding-top: ${theme.space[7]};
  background: ${theme.colors.inverse};
  color: ${theme.colors.onInverse};

  a {
    color: ${theme.colors.onInverse};
  }

  a:hover {
    color: ${theme.colors.onInverse};
    text-decoration-thickness: 2px;
  }

  :focus-visible {
    outline-color: ${theme.colors.focusOnInverse};
  }
`

const Columns = styled.div`
  display: grid;
  gap: ${theme.space[6]};

  ${theme.media.fromTablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${theme.media.fromDesktop} {
    grid-template-columns: 1.4fr 1fr 1.2fr 1.2fr;
    gap: ${theme.space[7]};
  }
`

const Column = styled.div`
  min-width: 0;
`

const About = styled.p`
  margin-block: ${theme.space[3]} ${theme.space[5]};
  max-width: 26rem;
  color: ${theme.colors.onInverseMuted};
`

const Heading = styled.h2`
  margin-bottom: ${theme.space[3]};
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.onInverse};
`

const Plain = styled.ul`
  display: grid;
  gap: ${theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`

const IconLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: 44px;
  overflow-wrap: anywhere;

  svg {
    flex: none;
  }
`

const FooterLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
`

const ClinicName = styled.p`
  margin: 0;
  font-weight: ${theme.fontWeights.semibold};
`

const Address = styled.address`
  margin-bottom: ${theme.space[3]};
  font-style: normal;
  color: ${theme.colors.onInverseMuted};
`

const Hours = styled(OpeningHours)`
  max-width: 22rem;

  dd {
    color: ${theme.colors.onInverseMuted};
  }
`

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]} ${theme.space[6]};
  margin-top: ${theme.space[7]};
  padding-block: ${theme.space[5]};
  border-top: 1px solid rgba(255, 255, 255, 0.25);
`

const Copyright = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.onInverseMuted};
`

const LegalList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.fontSizes.sm};
`

const TextButton = styled.button`
  min-height: 44px;
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.onInverse};
  font-size: inherit;
  text-decoration: underline;
  text-decoration-thickness: 0.08em;
  text-underline-offset: 0.15em;
  cursor: pointer;

  &:hover {
    text-decoration-thickness: 2px;
  }
`
