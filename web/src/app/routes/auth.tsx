import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/components/ui/radix-tabs'
import { paths } from '@/config/paths'
import { AuthCard, CardLead, Notice } from '@/features/auth/components/auth-card'
import { GoogleSignIn } from '@/features/auth/components/google-sign-in'
import { redirectTarget } from '@/features/auth/components/redirect-target'
import { SignInPanel } from '@/features/auth/components/sign-in-panel'
import { SignUpForm } from '@/features/auth/components/sign-up-form'
import { useAuth } from '@/features/auth/use-auth'
import { useLocations } from '@/features/locations/api/get-locations'
import { notify } from '@/lib/notify'
import { t } from '@/i18n/auth'
import { theme } from '@/config/theme'

type Tab = 'signin' | 'signup'

/**
 * /auth, "Welcome" (SPEC §2): tabs signin and signup (?tab=signup opens the second) and "Continue
 * with Google". Someone already signed in is sent back where they came from, or home.
 * Identity sends people here with ?confirm=invalid (a dead confirmation link) or ?google=failed.
 */
export default function AuthPage() {
  const { status } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const [params, setParams] = useSearchParams()
  const [busy, setBusy] = useState(false)
  const tab: Tab = params.get('tab') === 'signup' ? 'signup' : 'signin'
  const confirmInvalid = params.get('confirm') === 'invalid'

  useEffect(() => {
    if (status !== 'signed-in') return
    navigate(redirectTarget(location.state, location.search), { replace: true })
    window.scrollTo(0, 0)
  }, [status, navigate, location.state, location.search])

  // Google sent the visitor back without a session: say so once, then drop the flag from the URL.
  const googleFailed = params.get('google') === 'failed'
  const reported = useRef(false)
  useEffect(() => {
    if (!googleFailed || reported.current) return
    reported.current = true
    notify.error(t('auth.googleFailed.title'), t('auth.googleFailed.text'))
    setParams(
      (p) => {
        p.delete('google')
        return p
      },
      { replace: true, state: location.state },
    )
  }, [googleFailed, setParams, location.state])

  const selectTab = (value: string) => {
    setParams(
      (p) => {
        if (value === 'signup') p.set('tab', 'signup')
        else p.delete('tab')
        return p
      },
      { replace: true, state: location.state },
    )
  }

  return (
    <Container>
      <AuthCard>
        <h1>{t('auth.welcome')}</h1>
        <CardLead>{t('auth.lead')}</CardLead>
        {confirmInvalid ? (
          <Notice $tone="error" role="alert">
            <p>
              <strong>{t('auth.confirmInvalid.strong')}</strong> {t('auth.confirmInvalid.text')}
            </p>
          </Notice>
        ) : null}
        <TabsRoot value={tab} onValueChange={selectTab}>
          <TabsList aria-label={t('auth.tabs')}>
            <TabsTrigger value="signin" disabled={busy && tab !== 'signin'}>
              {t('auth.signIn')}
            </TabsTrigger>
            <TabsTrigger value="signup" disabled={busy && tab !== 'signup'}>
              {t('auth.signUp')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            <SignInPanel busy={busy} setBusy={setBusy} />
          </TabsContent>
          <TabsContent value="signup">
            <SignUpTab busy={busy} setBusy={setBusy} />
          </TabsContent>
        </TabsRoot>
        <Divider>
          <span>{t('auth.or')}</span>
        </Divider>
        <GoogleSignIn busy={busy} />
      </AuthCard>
    </Container>
  )
}

/** Mounted only while the sign-up tab is open, so the clinic list loads only then (SPEC §2). */
function SignUpTab({ busy, setBusy }: { busy: boolean; setBusy: (busy: boolean) => void }) {
  const { data, error, mutate } = useLocations()
  const navigate = useNavigate()
  return (
    <SignUpForm
      locations={{ data, error, retry: () => void mutate() }}
      busy={busy}
      setBusy={setBusy}
      onSignedUp={(email) => {
        navigate(paths.signupSuccess.getHref(), { state: { email } })
        window.scrollTo(0, 0)
      }}
    />
  )
}

const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
  margin: ${theme.space[5]} 0;
  color: ${theme.colors.textMuted};

  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${theme.colors.border};
  }
`
