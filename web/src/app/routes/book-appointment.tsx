import { useSyncExternalStore } from 'react'
import { useLocation, useSearchParams } from 'react-router-dom'
import styled from 'styled-components'

import { OpeningHours } from '@/components/layout/opening-hours'
import { Container } from '@/components/ui/container'
import { PageHero } from '@/components/ui/page-hero'
import { useAuth } from '@/features/auth/use-auth'
import { BookingForm } from '@/features/booking/components/booking-form'
import { useSelfCheckForBooking } from '@/features/booking/self-check-for-booking'
import { useLocations } from '@/features/locations/api/get-locations'
import { useProduct } from '@/features/shop/api/products'
import { officeHours } from '@/lib/clinic-display'
import { selfCheckAnswersOf } from '@/lib/hearing-self-check'
import { useDocumentTitle } from '@/lib/use-document-title'
import { t } from '@/i18n/booking'
import { theme } from '@/config/theme'

const noSubscription = () => () => {}

/** /book-appointment (SPEC §2 "Book appointment"): the public booking form, with the clinics' hours beside it. */
export default function BookAppointmentPage() {
  useDocumentTitle(t('booking.title'))
  const locations = useLocations()
  const { status, user } = useAuth()
  const [params] = useSearchParams()
  // "Schedule Fitting Appointment" on a hearing aid: the booking says which one.
  const fitting = useProduct(params.get('product'))
  // "Book a hearing evaluation" on the self-check's result: its answers, from the history state.
  // Read after hydration (server snapshot: none), as the pre-rendered form was drawn without them.
  const { state } = useLocation()
  const answers = useSyncExternalStore(noSubscription, () => selfCheckAnswersOf(state), () => null)
  const selfCheck = useSelfCheckForBooking(answers)

  return (
    <>
        <PageHero title={t('booking.title')}>
          <p>{t('booking.hero.text')}</p>
        </PageHero>
      <Container>
        <Layout>
          <BookingForm locations={locations} patient={status === 'signed-in' && user ? user : null} locationHint={params.get('location')} fittingFor={fitting.data?.title ?? null} selfCheck={selfCheck} />
            <Aside aria-labelledby="booking-hours-heading">
              <h2 id="booking-hours-heading">{t('booking.hours.heading')}</h2>
              <OpeningHours hours={officeHours} />
              <p>{t('booking.hours.timeZone')}</p>
            </Aside>
        </Layout>
      </Container>
    </>
  )
}

const Layout = styled.div`
  display: grid;
  gap: ${theme.space[6]};
  padding-block: ${theme.space[6]} ${theme.space[8]};
  @media (min-width: 960px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    align-items: start;
  }
`

const Aside = styled.aside`
  display: grid;
  gap: ${theme.space[3]};
  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.xl};
  }
`
