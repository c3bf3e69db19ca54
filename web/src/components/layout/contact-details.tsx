import { CLINICS, formatAddress } from '@hearing/contracts'
import styled from 'styled-components'

import { practice } from '@/content/practice'
import { phoneHref } from '@/lib/clinic-display'

import { MailIcon, PhoneIcon, PinIcon } from './icons'
import { t } from '@/i18n/layout'
import { t as tContact } from '@/i18n/contact'
import { t as tForms } from '@/i18n/forms'
import { theme } from '@/config/theme'

/**
 * How to reach the practice: each clinic's phone and address, and the support e-mail with its
 * reply promise (SPEC §9: 24-48 hours). Used by the legal pages; the footer lays the same data out
 * in columns.
 */
export function ContactDetails() {
  return (
    <Grid>
      {CLINICS.map((clinic) => (
        <Card key={clinic.uid}>
          <Heading>{clinic.name}</Heading>
          <Line>
            <PinIcon />
            <address>{formatAddress(clinic.address)}</address>
          </Line>
          <Line>
            <PhoneIcon />
            <a href={phoneHref(clinic.phone)}>{clinic.phone}</a>
          </Line>
        </Card>
      ))}
      <Card>
        <Heading>{t('email')}</Heading>
        <Line>
          <MailIcon />
          <a href={`mailto:${practice.supportEmail}`}>{practice.supportEmail}</a>
        </Line>
        <Note>{tContact('contact.emailReply', { reply: tForms('forms.reply.email') })}</Note>
      </Card>
    </Grid>
  )
}

const Grid = styled.div`
  display: grid;
  gap: ${theme.space[4]};
  margin-block: ${theme.space[4]};

  ${theme.media.fromTablet} {
    grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  }
`

const Card = styled.div`
  display: grid;
  align-content: start;
  gap: ${theme.space[2]};
  padding: ${theme.space[4]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
`

const Heading = styled.p`
  margin: 0;
  font-weight: ${theme.fontWeights.bold};
`

const Line = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space[2]};

  svg {
    flex: none;
    margin-top: 0.2em;
    color: ${theme.colors.primary};
  }

  address {
    font-style: normal;
  }

  a {
    overflow-wrap: anywhere;
  }
`

const Note = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`
