import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { InputField } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'

import { requestPasswordReset } from '../api/password-reset'
import { resendConfirmation } from '../api/sign-up'
import { forgotPasswordSchema, signInSchema } from '../schemas'
import { useAuth } from '../use-auth'

import { Actions, FormStack, LinkButton, Notice } from './auth-card'
import { t } from '@/i18n/auth'
import { t as tForms } from '@/i18n/forms'
import { theme } from '@/config/theme'

interface SignInPanelProps {
  busy: boolean
  setBusy: (busy: boolean) => void
}

/** The "signin" tab: the sign-in form, or the "Forgot password?" form in its place. */
export function SignInPanel(props: SignInPanelProps) {
  const [mode, setMode] = useState<'sign-in' | 'forgot'>('sign-in')
  // The address typed in one form is carried over to the other.
  const [email, setEmail] = useState('')
  // Moving between the two forms moves focus to the new one's heading or first field.
  const switched = useRef(false)

  const show = (next: typeof mode) => (typedEmail: string) => {
    switched.current = true
    setEmail(typedEmail)
    setMode(next)
  }

  return mode === 'sign-in' ? (
    <SignInForm {...props} email={email} onForgot={show('forgot')} focusOnMount={switched} />
  ) : (
    <ForgotPasswordForm {...props} email={email} onBack={show('sign-in')} />
  )
}

interface SignInFormProps extends SignInPanelProps {
  /** The address to start with. */
  email: string
  /** Called with the address typed so far. */
  onForgot: (email: string) => void
  focusOnMount: { current: boolean }
}

function isUnconfirmed(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false
  const body = error.body as { code?: unknown } | undefined
  return body?.code === undefined || body.code === 'email_not_confirmed'
}

function SignInForm({ busy, setBusy, email, onForgot, focusOnMount }: SignInFormProps) {
  const { signIn } = useAuth()
  const form = useZodForm(signInSchema, { email, password: '' })
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; resent: boolean } | null>(null)
  const noticeRef = useRef<HTMLDivElement>(null)
  const { setFocus } = form

  useEffect(() => {
    if (focusOnMount.current) setFocus('email')
  }, [focusOnMount, setFocus])

  useEffect(() => {
    if (unconfirmed && !unconfirmed.resent) noticeRef.current?.focus()
  }, [unconfirmed])

  const onSubmit = form.handleSubmit(async (input) => {
    setBusy(true)
    setUnconfirmed(null)
    try {
      // On success the page redirects (the session status changes).
      await signIn(input)
    } catch (error) {
      if (isUnconfirmed(error)) {
        setUnconfirmed({ email: input.email, resent: false })
      } else {
        notify.error(t('auth.signIn.failed'), error instanceof Error ? error.message : t('auth.tryAgain'))
      }
    } finally {
      setBusy(false)
    }
  })

  const onResend = async () => {
    if (!unconfirmed) return
    setBusy(true)
    try {
      await resendConfirmation(unconfirmed.email)
      setUnconfirmed({ ...unconfirmed, resent: true })
      notify.success(t('auth.confirmationSent.title'), t('auth.confirmationSent.text'))
    } catch (error) {
      notify.error(t('auth.emailFailed'), error instanceof Error ? error.message : t('auth.tryAgain'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormStack onSubmit={onSubmit} aria-label={t('auth.signIn.label')}>
      {unconfirmed ? (
        <Notice ref={noticeRef} tabIndex={-1} role="alert">
          <p>
            <strong>{t('auth.unconfirmed.strong')}</strong> {t('auth.unconfirmed.text', { email: unconfirmed.email })}
          </p>
          {unconfirmed.resent ? (
            <p>{t('auth.unconfirmed.resent')}</p>
          ) : (
            <Button $variant="secondary" onClick={() => void onResend()} disabled={busy}>
              {t('auth.unconfirmed.resend')}
            </Button>
          )}
        </Notice>
      ) : null}
      <InputField {...form.field('email')} label={tForms('forms.email')} type="email" autoComplete="email" required />
      <InputField {...form.field('password')} label={tForms('forms.password')} type="password" autoComplete="current-password" required>
        <LinkButton type="button" onClick={() => onForgot(form.getValues('email'))}>
          {t('auth.forgot')}
        </LinkButton>
      </InputField>
      <Actions>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </Actions>
    </FormStack>
  )
}

interface ForgotPasswordFormProps extends SignInPanelProps {
  /** The address to start with. */
  email: string
  /** Called with the address typed so far. */
  onBack: (email: string) => void
}

/** Asks for a reset link. The answer is the same whether or not an account exists. */
function ForgotPasswordForm({ busy, setBusy, email, onBack }: ForgotPasswordFormProps) {
  const form = useZodForm(forgotPasswordSchema, { email })
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)

  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  const onSubmit = form.handleSubmit(async ({ email: address }) => {
    setBusy(true)
    try {
      await requestPasswordReset(address)
      setSentTo(address)
    } catch (error) {
      notify.error(t('auth.reset.failed'), error instanceof Error ? error.message : t('auth.tryAgain'))
    } finally {
      setBusy(false)
    }
  })

  const titleId = `${form.formId}-title`
  return (
    <FormStack onSubmit={onSubmit} aria-labelledby={titleId}>
      <div>
        <Heading id={titleId} ref={headingRef} tabIndex={-1}>
          {t('auth.reset.heading')}
        </Heading>
        <p>{t('auth.reset.text')}</p>
      </div>
      <div role="status">
        {sentTo ? (
          <Notice>
            <p>
              {t('auth.reset.sent', { email: sentTo })}
            </p>
          </Notice>
        ) : null}
      </div>
      <InputField {...form.field('email')} label={tForms('forms.email')} type="email" autoComplete="email" required />
      <Actions>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('auth.sending') : t('auth.reset.send')}
        </Button>
        <LinkButton type="button" onClick={() => onBack(form.getValues('email'))}>
          {t('auth.reset.back')}
        </LinkButton>
      </Actions>
    </FormStack>
  )
}

const Heading = styled.h2`
  font-size: ${theme.fontSizes.xl};
`
