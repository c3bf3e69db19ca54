import { useEffect, useRef } from 'react'
import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { ErrorPanel } from '@/components/ui/error-panel'
import { paths } from '@/config/paths'
import { MyAppointments } from '@/features/appointments/components/my-appointments'
import { useAuth } from '@/features/auth/use-auth'
import { useLocations } from '@/features/locations/api/get-locations'
import { useMe } from '@/features/profile/api/me'
import { MyDataSection } from '@/features/profile/components/my-data-section'
import { ProfileForm } from '@/features/profile/components/profile-form'
import { MyOrderRequests } from '@/features/shop/components/my-order-requests'
import { notify } from '@/lib/notify'
import { t } from '@/i18n/profile'
import { theme } from '@/config/theme'

/** /profile (SPEC §2 "Profile"): the signed-in user's settings; a sign-in prompt otherwise. */
export default function ProfilePage() {
  const { status, user } = useAuth()

  return (
    <Container>
      <Page>
        <h1>{t('profile.title')}</h1>
        {status === 'loading' ? (
          <Muted role="status">{t('profile.loading')}</Muted>
        ) : status === 'signed-out' || !user ? (
          <SignInPrompt>
            <p>{t('profile.signInPrompt')}</p>
            <ButtonLink to={paths.auth.getHref()} state={{ from: { pathname: paths.profile.path, search: '', hash: '' } }}>
              {t('profile.signIn')}
            </ButtonLink>
          </SignInPrompt>
        ) : (
          <SignedInProfile userId={user.id} />
        )}
      </Page>
    </Container>
  )
}

function SignedInProfile({ userId }: { userId: string }) {
  const { updateUser } = useAuth()
  const { data: profile, error, mutate, isValidating } = useMe(userId)
  // SPEC §8: a failed locations load here is only logged.
  const { data: locations, error: locationsError } = useLocations()

  useEffect(() => {
    if (locationsError) console.error('Profile: locations failed to load', locationsError)
  }, [locationsError])

  // One toast per failure to load, not one per automatic retry.
  const reported = useRef(false)
  useEffect(() => {
    if (profile) reported.current = false
    else if (error && !reported.current) {
      reported.current = true
      notify.error(t('profile.loadFailed.title'), t('profile.loadFailed'))
    }
  }, [error, profile])

  if (error && !profile) {
    return (
      <ErrorPanel title={t('profile.loadFailed')} onRetry={() => void mutate()} retrying={isValidating}>
        <p>{error.message}</p>
      </ErrorPanel>
    )
  }
  if (!profile) return <Muted role="status">{t('profile.loading')}</Muted>

  return (
    <>
      <Muted>
        {t('profile.signedInAs', { email: profile.email })}
      </Muted>
      <ProfileForm
        profile={profile}
        locations={locations}
        onSaved={(saved) => {
          void mutate(saved, { revalidate: false })
          updateUser(saved)
        }}
      />
      <MyAppointments />
      <MyOrderRequests />
      <MyDataSection canDelete={profile.role === 'customer'} />
    </>
  )
}

const Page = styled.div`
  max-width: 52rem;
  margin: 0 auto;
  padding-block: ${theme.space[6]} ${theme.space[8]};
`

const Muted = styled.p`
  color: ${theme.colors.textMuted};
  /* A long e-mail address breaks anywhere rather than run off a phone's screen. */
  overflow-wrap: anywhere;
`

const SignInPrompt = styled.div`
  display: grid;
  justify-items: start;
  gap: ${theme.space[3]};
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};

  p {
    margin: 0;
  }
`
