import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'

import { Container } from '@/components/ui/container'
import { ErrorPanel } from '@/components/ui/error-panel'
import { paths } from '@/config/paths'
import { AuthCard, CardLead } from '@/features/auth/components/auth-card'
import { SetupAccountForm } from '@/features/auth/components/setup-account-form'
import { useAccountSetupCheck } from '@/features/auth/api/account-setup'
import { useAuth } from '@/features/auth/use-auth'
import { notify } from '@/lib/notify'
import { t } from '@/i18n/account'

/**
 * /setup-account?token=… (SPEC §2 "Account setup"): someone the practice created an account for
 * chooses a password. A missing or dead token, or a visitor already signed in, is sent home.
 */
export default function SetupAccountPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const { status } = useAuth()
  // Once the form succeeds the visitor is signed in: that must not read as "already logged in".
  const completed = useRef(false)
  const leaving = useRef(false)
  const check = useAccountSetupCheck(token && status === 'signed-out' ? token : null)

  useEffect(() => {
    if (leaving.current || completed.current) return
    const leave = (kind: 'error' | 'info', title: string, description: string) => {
      leaving.current = true
      notify[kind](title, description)
      navigate(paths.home.getHref(), { replace: true })
    }
    if (!token) return leave('error', t('setup.invalid.title'), t('setup.invalid.text'))
    if (status === 'signed-in') return leave('info', t('setup.signedIn.title'), t('setup.signedIn.text'))
    if (check.error && check.error.status >= 400 && check.error.status < 500 && check.error.status !== 429) {
      return leave('error', t('setup.invalid.title'), t('setup.invalid.text'))
    }
  }, [token, status, check.error, navigate])

  const transientError = check.error && (check.error.status === 0 || check.error.status === 429 || check.error.status >= 500)

  return (
    <Container>
      <AuthCard>
        <h1>{t('setup.title')}</h1>
        <CardLead>{t('setup.lead')}</CardLead>
        {transientError ? (
          <ErrorPanel title={t('setup.checkFailed')} onRetry={() => void check.mutate()} retrying={check.isValidating}>
            <p>{check.error?.message}</p>
          </ErrorPanel>
        ) : check.data ? (
          <SetupAccountForm
            token={token}
            invitedEmail={check.data.email}
            onComplete={() => {
              completed.current = true
              navigate(paths.home.getHref(), { replace: true })
              window.scrollTo(0, 0)
            }}
          />
        ) : (
          <p role="status">{t('setup.checking')}</p>
        )}
      </AuthCard>
    </Container>
  )
}
