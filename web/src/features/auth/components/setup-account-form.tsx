import { useId, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { FieldError, Hint, InputField } from '@/components/ui/form-controls'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'

import { completeAccountSetup } from '../api/account-setup'
import { MIN_PASSWORD_LENGTH } from '../password'
import { useAuth } from '../use-auth'

import { Actions, FormStack } from './auth-card'

type FieldName = 'email' | 'password' | 'confirm'

interface SetupAccountFormProps {
  token: string
  /** The address the invitation went to (pre-filled). */
  invitedEmail: string
  /** Called once the password is set and the visitor is signed in. */
  onComplete: () => void
}

/** Email, password and confirmation (SPEC §2 "Account setup", §5, §8); success signs the visitor in. */
export function SetupAccountForm({ token, invitedEmail, onComplete }: SetupAccountFormProps) {
  const id = useId()
  const { startSession } = useAuth()
  const [email, setEmail] = useState(invitedEmail)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field: FieldName; message: string } | null>(null)
  const refs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  }

  const fail = (field: FieldName, title: string, message: string) => {
    setError({ field, message })
    notify.error(title, message)
    refs[field].current?.focus()
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    if (!email.trim()) return fail('email', 'Email Required', 'Please enter your email address.')
    if (password !== confirm) return fail('confirm', 'Password Mismatch', 'Passwords do not match. Please try again.')
    if (password.length < MIN_PASSWORD_LENGTH) {
      return fail('password', 'Password Too Short', `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`)
    }
    setBusy(true)
    try {
      const session = await completeAccountSetup({ token, email: email.trim(), password })
      startSession(session)
      notify.success('Account Ready', 'Your password is set and you are now signed in.')
      onComplete()
    } catch (err) {
      const serverMessage = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : undefined
      notify.error('Setup Failed', serverMessage ?? 'Failed to complete setup. Please try again.')
      setBusy(false)
    }
  }

  const errorFor = (field: FieldName) =>
    error?.field === field ? (
      <FieldError id={`${id}-${field}-error`}>{error.message}</FieldError>
    ) : null
  const invalid = (field: FieldName) => ({
    'aria-invalid': error?.field === field || undefined,
    'aria-describedby': [field === 'password' ? `${id}-password-hint` : '', error?.field === field ? `${id}-${field}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined,
  })

  return (
    <FormStack onSubmit={onSubmit} noValidate aria-label="Set up your account">
      <InputField
        ref={refs.email}
        id={`${id}-email`}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        {...invalid('email')}
      >
        {errorFor('email')}
      </InputField>
      <InputField
        ref={refs.password}
        id={`${id}-password`}
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        {...invalid('password')}
      >
        <Hint id={`${id}-password-hint`}>At least {MIN_PASSWORD_LENGTH} characters.</Hint>
        {errorFor('password')}
      </InputField>
      <InputField
        ref={refs.confirm}
        id={`${id}-confirm`}
        label="Confirm password"
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        {...invalid('confirm')}
      >
        {errorFor('confirm')}
      </InputField>
      <Actions>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Setting up...' : 'Complete Setup'}
        </Button>
      </Actions>
      <SignInLine>
        Already set up? <Link to={paths.auth.getHref()}>Sign in here</Link>
      </SignInLine>
    </FormStack>
  )
}

const SignInLine = styled.p`
  margin: 0;
  text-align: center;
`
