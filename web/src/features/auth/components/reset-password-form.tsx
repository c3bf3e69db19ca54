import { useId, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'

import { Button } from '@/components/ui/button'
import { Hint, InputField } from '@/components/ui/form-controls'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'

import { completePasswordReset } from '../api/password-reset'
import { MIN_PASSWORD_LENGTH } from '../password'
import { useAuth } from '../use-auth'

import { Actions, FormStack, Notice } from './auth-card'
import { ConfirmPasswordField } from './confirm-password-field'

/** A new password for the account of a reset link; every session of it is signed out afterwards. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const id = useId()
  const { status, signOut } = useAuth()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [mismatch, setMismatch] = useState(false)
  const [linkError, setLinkError] = useState<string | null>(null)
  const confirmRef = useRef<HTMLInputElement>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (password !== confirm) {
      setMismatch(true)
      confirmRef.current?.focus()
      return
    }
    setBusy(true)
    setLinkError(null)
    try {
      await completePasswordReset(token, password)
      // The server ended every session of the account, this browser's included.
      if (status === 'signed-in') await signOut()
      notify.success('Password updated', 'Your password has been changed. Please sign in with your new password.')
      onDone()
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Please try again.'
      if (error instanceof ApiError && error.status === 400 && /link|token|expired/i.test(message)) setLinkError(message)
      else notify.error('Password not changed', message)
      setBusy(false)
    }
  }

  return (
    <FormStack onSubmit={onSubmit} aria-label="Choose a new password">
      {linkError ? (
        <Notice $tone="error" role="alert">
          <p>{linkError}</p>
          <p>
            <Link to={paths.auth.getHref()}>Go to sign in</Link> and choose "Forgot password?" to get a new link.
          </p>
        </Notice>
      ) : null}
      <InputField
        id={`${id}-password`}
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        required
        value={password}
        onChange={(e) => {
          setPassword(e.target.value)
          setMismatch(false)
        }}
        aria-describedby={`${id}-hint`}
      >
        <Hint id={`${id}-hint`}>At least {MIN_PASSWORD_LENGTH} characters.</Hint>
      </InputField>
      <ConfirmPasswordField
        ref={confirmRef}
        id={`${id}-confirm`}
        label="Confirm new password"
        name="confirm-password"
        value={confirm}
        onChange={(e) => {
          setConfirm(e.target.value)
          setMismatch(false)
        }}
        mismatch={mismatch}
        errorId={`${id}-mismatch`}
      />
      <Actions>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving...' : 'Set New Password'}
        </Button>
      </Actions>
    </FormStack>
  )
}
