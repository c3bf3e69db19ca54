import { useState } from 'react'
import { Link } from 'react-router-dom'

import { Button } from '@/components/ui/button'
import { Hint, InputField } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'

import { completePasswordReset } from '../api/password-reset'
import { MIN_PASSWORD_LENGTH } from '../password'
import { resetPasswordSchema } from '../schemas'
import { useAuth } from '../use-auth'

import { Actions, FormStack, Notice } from './auth-card'
import { ConfirmPasswordField } from './confirm-password-field'

/** A new password for the account of a reset link; every session of it is signed out afterwards. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { status, signOut } = useAuth()
  const form = useZodForm(resetPasswordSchema, { password: '', confirm: '' }, { alsoClears: { password: ['confirm'] } })
  // Stays true after success: the page is on its way to sign-in.
  const [leaving, setLeaving] = useState(false)
  const [linkError, setLinkError] = useState<string | null>(null)
  const busy = form.formState.isSubmitting || leaving

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setLinkError(null)
    try {
      await completePasswordReset(token, password)
      setLeaving(true)
      // The server ended every session of the account, this browser's included.
      if (status === 'signed-in') await signOut()
      notify.success('Password updated', 'Your password has been changed. Please sign in with your new password.')
      onDone()
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Please try again.'
      if (error instanceof ApiError && error.status === 400 && /link|token|expired/i.test(error.englishMessage)) setLinkError(message)
      else notify.error('Password not changed', message)
    }
  })

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
        {...form.field('password', { hint: true })}
        label="New password"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        required
      >
        <Hint id={form.ids('password').hint}>At least {MIN_PASSWORD_LENGTH} characters.</Hint>
      </InputField>
      <ConfirmPasswordField {...form.field('confirm')} label="Confirm new password">
        {form.errorFor('confirm', { announce: true })}
      </ConfirmPasswordField>
      <Actions>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving...' : 'Set New Password'}
        </Button>
      </Actions>
    </FormStack>
  )
}
