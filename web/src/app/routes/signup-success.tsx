import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { resendConfirmation } from '@/features/auth/api/sign-up'
import { AuthCard, CardLead, LinkButton } from '@/features/auth/components/auth-card'
import { notify } from '@/lib/notify'
import { t } from '@/i18n/auth'
import { theme } from '@/config/theme'

/** /signup-success (SPEC §2): the account exists; the visitor must confirm the e-mail address. */
export default function SignupSuccessPage() {
  const { state } = useLocation()
  // The address arrives in router state from the sign-up form. Read after mounting: the page is
  // pre-rendered without it, and the first render must match that HTML.
  const [email, setEmail] = useState<string>()
  useEffect(() => {
    const value = (state as { email?: unknown } | null)?.email
    setEmail(typeof value === 'string' ? value : undefined)
  }, [state])
  const [sending, setSending] = useState(false)
  const [resent, setResent] = useState(false)

  const resend = async () => {
    if (!email) return
    setSending(true)
    try {
      await resendConfirmation(email)
      setResent(true)
    } catch (error) {
      notify.error(t('auth.emailFailed'), error instanceof Error ? error.message : t('auth.tryAgain'))
    } finally {
      setSending(false)
    }
  }

  return (
    <Container>
      <AuthCard>
        <Icon aria-hidden="true">
          <svg width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </svg>
        </Icon>
        <h1>{t('auth.check.title')}</h1>
        <CardLead>
          {t('auth.check.lead', { email: email ?? t('auth.check.yourAddress') })}
        </CardLead>
        <p>{t('auth.check.spam')}</p>
        {email ? (
          <Resend role="status">
            {resent ? (
              <p>{t('auth.check.resent')}</p>
            ) : (
              <LinkButton type="button" onClick={() => void resend()} disabled={sending}>
                {sending ? t('auth.sending') : t('auth.check.resend')}
              </LinkButton>
            )}
          </Resend>
        ) : null}
        <ButtonLink to={paths.home.getHref()}>{t('auth.home')}</ButtonLink>
      </AuthCard>
    </Container>
  )
}

const Icon = styled.div`
  color: ${theme.colors.primary};
  margin-bottom: ${theme.space[4]};
`

const Resend = styled.div`
  margin-bottom: ${theme.space[5]};
`
