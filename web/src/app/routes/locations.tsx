import { CLINICS } from '@hearing/contracts'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { PageHero } from '@/components/ui/page-hero'
import { teamPhoto } from '@/content/media'
import { team, type TeamMember } from '@/content/team'
import { AchievementsSection } from '@/features/locations/components/achievements-section'
import { CallToAction } from '@/features/locations/components/call-to-action'
import { OfficeCard } from '@/features/locations/components/office-card'
import { ProvidersSection } from '@/features/locations/components/providers-section'
import { spanishCopy } from '@/i18n/i18n'
import { t } from '@/i18n/locations'
import { useDocumentTitle } from '@/lib/use-document-title'
import { theme } from '@/config/theme'

const teamInPageLanguage = spanishCopy('team')

const photoUrl = (member: TeamMember) => teamPhoto(member.image)?.src ?? ''

/** Locations (SPEC §2 "Locations"): the offices, achievements, providers and a call to action. */
export default function LocationsPage() {
  useDocumentTitle(t('loc.title'))
  const providers = teamInPageLanguage(team).filter((member) => member.provider)

  return (
    <>
      <PageHero title={t('loc.title')}>
        <p>{t('loc.lead')}</p>
      </PageHero>
      <Offices aria-label={t('loc.offices')}>
        <Grid>
          {CLINICS.map((clinic) => (
            <OfficeCard key={clinic.uid} clinic={clinic} />
          ))}
        </Grid>
      </Offices>
      <AchievementsSection />
      <ProvidersSection providers={providers} imageUrl={photoUrl} />
      <CallToAction clinics={CLINICS} />
    </>
  )
}

const Offices = styled.section`
  padding-block: ${theme.space[8]};
`

const Grid = styled(Container)`
  display: grid;
  gap: ${theme.space[6]};

  ${theme.media.fromDesktop} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`
