import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Button, ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { ErrorPanel } from '@/components/ui/error-panel'
import { paths } from '@/config/paths'
import { useAuth } from '@/features/auth/use-auth'
import { useMyData } from '@/features/profile/api/personal-data'
import { PersonalDataView } from '@/features/profile/components/personal-data-view'
import { datedFilename, downloadJson } from '@/lib/download'
import { intlLocale } from '@/i18n/i18n'
import { t } from '@/i18n/patient'
import { theme } from '@/config/theme'

/** /profile/my-data: everything the practice holds about the signed-in person, plainly, with the JSON download. */
export default function MyDataPage() {
  const { status, user } = useAuth()
  return (
    <Container>
      <Page>
        <h1>{t('myData.title')}</h1>
        {status === 'loading' ? (
          <p role="status">{t('myData.loading')}</p>
        ) : status === 'signed-out' || !user ? (
          <>
            <p>{t('myData.signInPrompt')}</p>
            <ButtonLink to={paths.auth.getHref()} state={{ from: { pathname: paths.myData.path, search: '', hash: '' } }}>
              {t('myData.signIn')}
            </ButtonLink>
          </>
        ) : (
          <SignedIn userId={user.id} />
        )}
      </Page>
    </Container>
  )
}

function SignedIn({ userId }: { userId: string }) {
  const { data, error, mutate, isValidating } = useMyData(userId)
  if (error && !data) {
    return (
      <ErrorPanel title={t('myData.loadFailed')} onRetry={() => void mutate()} retrying={isValidating}>
        <p>{error.message}</p>
      </ErrorPanel>
    )
  }
  if (!data) return <p role="status">{t('myData.gathering')}</p>
  return (
    <>
      <p>
        {t('myData.gathered', { date: new Date(data.generated_at).toLocaleString(intlLocale(), { dateStyle: 'long', timeStyle: 'short' }) })}{' '}
        <Link to={paths.profile.getHref()}>{t('myData.back')}</Link>
      </p>
      <Button onClick={() => downloadJson(datedFilename('my-data'), data)}>{t('myData.download')}</Button>
      <PersonalDataView data={data} />
    </>
  )
}

const Page = styled.div`
  max-width: 52rem;
  margin: 0 auto;
  padding-block: ${theme.space[6]} ${theme.space[8]};
`

