import type { ErasureStatus } from '@hearing/contracts'
import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { useAuth } from '@/features/auth/use-auth'
import { confirmAccountDeletion, getDeletionStatus } from '@/features/profile/api/personal-data'
import { KeptRecords } from '@/features/profile/components/kept-records'

const PART_NAMES: Record<string, string> = { scheduling: 'appointments', catalogue: 'order requests', content: 'site visits', 'messaging-sync': 'messages and e-mails' }
const POLL_MS = 10_000

/** /delete-account?token=… (issue 23): the page the deletion e-mail links to; the deletion happens on its button. */
export default function DeleteAccountPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const { status: session, signOut } = useAuth()
  const [result, setResult] = useState<ErasureStatus | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)

  const confirm = async () => {
    if (busy || !token) return
    setBusy(true)
    setError(null)
    try {
      setResult(await confirmAccountDeletion(token))
      // The account is gone: this browser forgets its session too.
      if (session === 'signed-in') await signOut()
      heading.current?.focus()
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Please try again.')
    } finally {
      setBusy(false)
    }
  }

  // While a service's part is still being retried, ask now and then how it stands.
  useEffect(() => {
    if (!result || result.status === 'completed') return
    const timer = setTimeout(() => void getDeletionStatus(result.id).then(setResult, () => undefined), POLL_MS)
    return () => clearTimeout(timer)
  }, [result])

  return (
    <Container>
      <Page>
        <h1 ref={heading} tabIndex={-1}>
          {result ? 'Your account has been deleted' : 'Delete your account'}
        </h1>
        {result ? (
          <Done result={result} />
        ) : !token ? (
          <p role="alert">
            This link is incomplete. Please open the link from the email again, or ask for a new one from your <Link to={paths.profile.getHref()}>profile</Link>.
          </p>
        ) : (
          <>
            <p>Deleting your account erases the personal data we hold about you everywhere: your profile, appointment requests, messages, order requests and the e-mails we sent you. This cannot be undone. You can sign up again later with the same e-mail address.</p>
            <p>The practice must keep some records, without your name or contact details:</p>
            <KeptRecords />
            {error ? <p role="alert">{error}</p> : null}
            <Actions>
              <Button aria-busy={busy || undefined} onClick={() => void confirm()}>
                {busy ? 'Deleting...' : 'Delete my account'}
              </Button>
              <Link to={paths.home.getHref()}>Keep my account</Link>
            </Actions>
          </>
        )}
      </Page>
    </Container>
  )
}

function Done({ result }: { result: ErasureStatus }) {
  return (
    <>
      {result.status === 'completed' ? (
        <p role="status">Your account and your personal data have been erased.</p>
      ) : (
        <p role="status">
          Your account is deleted. Erasing your {result.pending.map((p) => PART_NAMES[p] ?? p).join(', ')} has not finished yet: it is retried automatically, and this page updates when it is done.
        </p>
      )}
      <p>What the practice keeps, without your name or contact details:</p>
      <KeptRecords kinds={result.kept.map((k) => k.kind)} />
      <p>
        <Link to={paths.home.getHref()}>Go to the home page</Link>
      </p>
    </>
  )
}

const Page = styled.div`
  max-width: 48rem;
  margin: 0 auto;
  padding-block: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[8]};

  h1:focus {
    outline: none;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  margin-top: ${({ theme }) => theme.space[4]};
`
