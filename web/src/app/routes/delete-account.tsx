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
import { intlLocale } from '@/i18n/i18n'
import { t, tOr } from '@/i18n/patient'
import { theme } from '@/config/theme'

const POLL_MS = 10_000

/** /delete-account?token=…: the page the deletion e-mail links to; the deletion happens on its button. */
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
      setError(err instanceof Error ? err.message : t('data.tryAgain'))
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
          {result ? t('deletion.done') : t('deletion.title')}
        </h1>
        {result ? (
          <Done result={result} />
        ) : !token ? (
          <p role="alert">
            {t('deletion.incomplete')} <Link to={paths.profile.getHref()}>{t('deletion.profile')}</Link>.
          </p>
        ) : (
          <>
            <p>{t('deletion.explain')}</p>
            <p>{t('data.kept')}</p>
            <KeptRecords />
            {error ? <p role="alert">{error}</p> : null}
            <Actions>
              <Button aria-busy={busy || undefined} onClick={() => void confirm()}>
                {busy ? t('deletion.deleting') : t('data.delete')}
              </Button>
              <Link to={paths.home.getHref()}>{t('data.dialog.keep')}</Link>
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
        <p role="status">{t('deletion.erased')}</p>
      ) : (
        <p role="status">
          {t('deletion.pending', { parts: new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(result.pending.map((p) => tOr(`deletion.part.${p}`, p))) })}
        </p>
      )}
      <p>{t('deletion.keeps')}</p>
      <KeptRecords kinds={result.kept.map((k) => k.kind)} />
      <p>
        <Link to={paths.home.getHref()}>{t('deletion.home')}</Link>
      </p>
    </>
  )
}

const Page = styled.div`
  max-width: 48rem;
  margin: 0 auto;
  padding-block: ${theme.space[6]} ${theme.space[8]};

  h1:focus {
    outline: none;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[4]};
  margin-top: ${theme.space[4]};
`
