import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { InputField } from '@/components/ui/form-controls'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'

import { requestPasswordReset } from '../api/password-reset'
import { resendConfirmation } from '../api/sign-up'
import { useAuth } from '../use-auth'

import { Actions, FormStack, LinkButton, Notice } from './auth-card'

interface SignInPanelProps {
  busy: boolean
  setBusy: (busy: boolean) => void
}

/** The "signin" tab: the sign-in form, or the "Forgot password?" form in its place. */
export function SignInPanel(props: SignInPanelProps) {
  const [mode, setMode] = useState<'sign-in' | 'forgot'>('sign-in')
  const [email, setEmail] = useState('')
  // Moving between the two forms moves focus to the new one's heading or first field.
  const switched = useRef(false)

  const show = (next: typeof mode) => {
    switched.current = true
    setMode(next)
  }

  return mode === 'sign-in' ? (
    <SignInForm {...props} email={email} setEmail={setEmail} onForgot={() => show('forgot')} focusOnMount={switched} />
  ) : (
    <ForgotPasswordForm {...props} email={email} setEmail={setEmail} onBack={() => show('sign-in')} />
  )
}

interface SignInFormProps extends SignInPanelProps {
  email: string
  setEmail: (email: string) => void
  onForgot: () => void
  focusOnMount: { current: boolean }
}

function isUnconfirmed(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false
  const body = error.body as { code?: unknown } | undefined
  return body?.code === undefined || body.code === 'email_not_confirmed'
}

function SignInForm({ busy, setBusy, email, setEmail, onForgot, focusOnMount }: SignInFormProps) {
  const { signIn } = useAuth()
  const id = useId()
  const [password, setPassword] = useState('')
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; resent: boolean } | null>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const noticeRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (focusOnMount.current) emailRef.current?.focus()
  }, [focusOnMount])

  useEffect(() => {
    if (unconfirmed && !unconfirmed.resent) noticeRef.current?.focus()
  }, [unconfirmed])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setUnconfirmed(null)
    try {
      // On success the page redirects (the session status changes).
      await signIn({ email: email.trim(), password })
    } catch (error) {
      if (isUnconfirmed(error)) {
        setUnconfirmed({ email: email.trim(), resent: false })
      } else {
        notify.error('Sign in failed', error instanceof Error ? error.message : 'Please try again.')
      }
    } finally {
      setBusy(false)
    }
  }

  const onResend = async () => {
    if (!unconfirmed) return
    setBusy(true)
    try {
      await resendConfirmation(unconfirmed.email)
      setUnconfirmed({ ...unconfirmed, resent: true })
      notify.success('Confirmation email sent', 'Please check your email for the new confirmation link.')
    } catch (error) {
      notify.error('Could not send the email', error instanceof Error ? error.message : 'Please try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormStack onSubmit={onSubmit} aria-label="Sign in">
      {unconfirmed ? (
        <Notice ref={noticeRef} tabIndex={-1} role="alert">
          <p>
            <strong>Please confirm your email address first.</strong> We sent a confirmation link to {unconfirmed.email} when you
            signed up.
          </p>
          {unconfirmed.resent ? (
            <p>We have sent a new confirmation link. Please check your email (and your spam folder).</p>
          ) : (
            <Button $variant="secondary" onClick={() => void onResend()} disabled={busy}>
              Resend confirmation email
            </Button>
          )}
        </Notice>
      ) : null}
      <InputField
        ref={emailRef}
        id={`${id}-email`}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <InputField
        id={`${id}-password`}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      >
        <LinkButton type="button" onClick={onForgot}>
          Forgot password?
        </LinkButton>
      </InputField>
      <Actions>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </Actions>
    </FormStack>
  )
}

interface ForgotPasswordFormProps extends SignInPanelProps {
  email: string
  setEmail: (email: string) => void
  onBack: () => void
}

/** Asks for a reset link. The answer is the same whether or not an account exists. */
function ForgotPasswordForm({ busy, setBusy, email, setEmail, onBack }: ForgotPasswordFormProps) {
  const id = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)

  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    try {
      const address = email.trim()
      await requestPasswordReset(address)
      setSentTo(address)
    } catch (error) {
      notify.error('Could not send the reset link', error instanceof Error ? error.message : 'Please try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormStack onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <div>
        <Heading id={`${id}-title`} ref={headingRef} tabIndex={-1}>
          Reset your password
        </Heading>
        <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      </div>
      <div role="status">
        {sentTo ? (
          <Notice>
            <p>
              If an account exists for {sentTo}, we have sent it a link to reset your password. Please check your email. The link
              expires after a while, so use it soon.
            </p>
          </Notice>
        ) : null}
      </div>
      <InputField
        id={`${id}-email`}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Actions>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Sending...' : 'Send reset link'}
        </Button>
        <LinkButton type="button" onClick={onBack}>
          Back to sign in
        </LinkButton>
      </Actions>
    </FormStack>
  )
}

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`
