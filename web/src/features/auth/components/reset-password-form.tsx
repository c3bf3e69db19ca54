import { useState } from 'react'
import { Link } from 'react-router-dom'

import { Button } from '@/components/ui/button'
import { Hint, InputField } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { t } from '@/i18n/account'

import { completePasswordReset } from '../api/password-reset'
import { MIN_PASSWORD_LENGTH } from '../password'
import { resetPasswordSchema } from '../account-schemas'
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
      notify.success(t('reset.done.title'), t('reset.done.text'))
      onDone()
    } catch (error) {
      const message = error instanceof Error ? error.message : t('reset.tryAgain')
      if (error instanceof ApiError && error.status === 400 && /link|token|expired/i.test(error.englishMessage)) setLinkError(message)
      else notify.error(t('reset.failed'), message)
    }
  })

  return (
    <FormStack onSubmit={onSubmit} aria-label={t('reset.form')}>
      {linkError ? (
        <Notice $tone="error" role="alert">
          <p>{linkError}</p>
          <p>
            <Link to={paths.auth.getHref()}>{t('reset.goSignIn')}</Link> {t('reset.chooseForgotNew')}
          </p>
        </Notice>
      ) : null}
      <InputField
        {...form.field('password', { hint: true })}
        label={t('reset.new')}
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        required
      >
        <Hint id={form.ids('password').hint}>{t('password.min', { min: MIN_PASSWORD_LENGTH })}</Hint>
      </InputField>
      <ConfirmPasswordField {...form.field('confirm')} label={t('reset.confirm')}>
        {form.errorFor('confirm', { announce: true })}
      </ConfirmPasswordField>
      <Actions>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('reset.saving') : t('reset.submit')}
        </Button>
      </Actions>
    </FormStack>
  )
}
