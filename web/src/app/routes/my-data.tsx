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

/** /profile/my-data (issue 23): everything the practice holds about the signed-in person, plainly, with the JSON download. */
export default function MyDataPage() {
  const { status, user } = useAuth()
  return (
    <Container>
      <Page>
        <h1>My Data</h1>
        {status === 'loading' ? (
          <p role="status">Loading your data...</p>
        ) : status === 'signed-out' || !user ? (
          <>
            <p>Please sign in to see your data.</p>
            <ButtonLink to={paths.auth.getHref()} state={{ from: { pathname: paths.myData.path, search: '', hash: '' } }}>
              Sign In
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
      <ErrorPanel title="Failed to load your data." onRetry={() => void mutate()} retrying={isValidating}>
        <p>{error.message}</p>
      </ErrorPanel>
    )
  }
  if (!data) return <p role="status">Gathering your data from every part of the site...</p>
  return (
    <>
      <p>
        This is everything we hold about you, gathered {new Date(data.generated_at).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' })}. <Link to={paths.profile.getHref()}>Back to your profile</Link>
      </p>
      <Button onClick={() => downloadJson(datedFilename('my-data'), data)}>Download my data (JSON)</Button>
      <PersonalDataView data={data} />
    </>
  )
}

const Page = styled.div`
  max-width: 52rem;
  margin: 0 auto;
  padding-block: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[8]};
`

