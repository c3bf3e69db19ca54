import { locationName, type Clinic } from '@hearing/contracts'
import styled from 'styled-components'

import { Button, ButtonLink } from '@/components/ui/button'
import { ComingSoonBadge } from '@/components/ui/coming-soon-badge'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { paths } from '@/config/paths'
import { t } from '@/i18n/locations'
import { formatDays, formatOpeningTimes, phoneHref } from '@/lib/clinic-display'
import { theme } from '@/config/theme'

/**
 * One office (SPEC §2 "Locations", §3 "Office", §4 Offices): address, phone, hours, embedded map,
 * "Schedule Appointment" (to /book-appointment?location={first word of the name}) and "Get
 * Directions" (a maps search in a new tab). An office that is not open yet shows "Coming Soon" and
 * its booking button is disabled.
 */
export function OfficeCard({ clinic }: { clinic: Clinic }) {
  const headingId = `office-${clinic.uid}`
  const statusId = `${headingId}-status`
  const { address } = clinic

  return (
    <Card aria-labelledby={headingId}>
      <Map
        src={clinic.mapEmbedUrl}
        title={t('loc.map', { name: clinic.name })}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
      />
      <Body>
        <TitleRow>
          <h2 id={headingId}>{clinic.name}</h2>
          {clinic.isOpen ? null : <ComingSoonBadge id={statusId} />}
        </TitleRow>

        <Facts>
          <div>
            <dt>{t('loc.address')}</dt>
            <dd>
              <address>
                {address.line1}
                {address.line2 ? (
                  <>
                    , {address.line2}
                  </>
                ) : null}
                <br />
                {address.city}, {address.state} {address.zip}
              </address>
            </dd>
          </div>
          <div>
            <dt>{t('loc.phone')}</dt>
            <dd>
              <a href={phoneHref(clinic.phone)}>{clinic.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{t('loc.hours')}</dt>
            <dd>
              <Hours>
                {clinic.hours.map((hours) => (
                  <li key={hours.days.join()}>
                    <span>{formatDays(hours.days)}</span>
                    <span>{formatOpeningTimes(hours)}</span>
                  </li>
                ))}
              </Hours>
            </dd>
          </div>
        </Facts>

        <Actions>
          {clinic.isOpen ? (
            <ButtonLink
              to={paths.bookAppointment.getHref({ location: locationName(clinic) })}
              onClick={() => window.scrollTo({ top: 0, left: 0 })}
            >
              {t('loc.schedule')}
            </ButtonLink>
          ) : (
            <Button disabled aria-describedby={statusId}>
              {t('loc.schedule')}
            </Button>
          )}
          <DirectionsLink href={clinic.directionsUrl} target="_blank" rel="noopener noreferrer">
            {t('loc.directions')}
            <VisuallyHidden>{t('loc.newTab')}</VisuallyHidden>
          </DirectionsLink>
        </Actions>
      </Body>
    </Card>
  )
}

const Card = styled.article`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
`

const Map = styled.iframe`
  display: block;
  width: 100%;
  height: 16rem;
  border: 0;
  background: ${theme.colors.surface};

  ${theme.media.fromDesktop} {
    height: 20rem;
  }
`

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  padding: ${theme.space[6]};
`

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[5]};

  h2 {
    margin: 0;
  }
`

const Facts = styled.dl`
  display: grid;
  gap: ${theme.space[4]};
  margin: 0 0 ${theme.space[6]};

  dt {
    margin-bottom: ${theme.space[1]};
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.bold};
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${theme.colors.textMuted};
  }

  dd {
    margin: 0;
  }

  address {
    font-style: normal;
  }

  a {
    font-weight: ${theme.fontWeights.semibold};
  }
`

const Hours = styled.ul`
  display: grid;
  gap: ${theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0 ${theme.space[4]};
    max-width: 24rem;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  margin-top: auto;
`

const DirectionsLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 48px;
  padding: ${theme.space[3]} ${theme.space[5]};
  border: 2px solid ${theme.colors.primary};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  color: ${theme.colors.primary};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: none;

  &:hover {
    background: ${theme.colors.primarySoft};
    color: ${theme.colors.primaryHover};
  }
`
