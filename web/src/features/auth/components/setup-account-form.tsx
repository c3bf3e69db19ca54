import { useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Hint, InputField } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { t } from '@/i18n/account'
import { t as tForms } from '@/i18n/forms'

import { completeAccountSetup } from '../api/account-setup'
import { MIN_PASSWORD_LENGTH } from '../password'
import { setupAccountErrorTitles, setupAccountSchema } from '../account-schemas'
import { useAuth } from '../use-auth'

import { Actions, FormStack } from './auth-card'

interface SetupAccountFormProps {
  token: string
  /** The address the invitation went to (pre-filled). */
  invitedEmail: string
  /** Called once the password is set and the visitor is signed in. */
  onComplete: () => void
}

/** Email, password and confirmation (SPEC §2 "Account setup", §5, §8); success signs the visitor in. */
export function SetupAccountForm({ token, invitedEmail, onComplete }: SetupAccountFormProps) {
  const { startSession } = useAuth()
  // Errors stay until the next submit (each one also comes as a toast).
  const form = useZodForm(setupAccountSchema, { email: invitedEmail, password: '', confirm: '' }, { clearErrorsOnEdit: false })
  const { field, errorFor } = form
  // Stays true after success: the page is on its way home.
  const [leaving, setLeaving] = useState(false)
  const busy = form.formState.isSubmitting || leaving

  const onSubmit = form.handleSubmit(
    async ({ email, password }) => {
      try {
        const session = await completeAccountSetup({ token, email, password })
        setLeaving(true)
        startSession(session)
        notify.success(t('setup.ready.title'), t('setup.ready.text'))
        onComplete()
      } catch (err) {
        const serverMessage = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : undefined
        notify.error(t('setup.failed.title'), serverMessage ?? t('setup.failed.text'))
      }
    },
    // The schema reports one problem at a time; the form focuses its field.
    (errors) => {
      for (const name of ['email', 'confirm', 'password'] as const) {
        const message = errors[name]?.message
        if (message) return notify.error(setupAccountErrorTitles()[name], message)
      }
    },
  )

  return (
    <FormStack onSubmit={onSubmit} noValidate aria-label={t('setup.form')}>
      <InputField {...field('email')} label={tForms('forms.email')} type="email" autoComplete="email" required>
        {errorFor('email')}
      </InputField>
      <InputField {...field('password', { hint: true })} label={tForms('forms.password')} type="password" autoComplete="new-password" required>
        <Hint id={form.ids('password').hint}>{t('password.min', { min: MIN_PASSWORD_LENGTH })}</Hint>
        {errorFor('password')}
      </InputField>
      <InputField {...field('confirm')} label={tForms('forms.confirmPassword')} type="password" autoComplete="new-password" required>
        {errorFor('confirm')}
      </InputField>
      <Actions>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('setup.submitting') : t('setup.submit')}
        </Button>
      </Actions>
      <SignInLine>
        {t('setup.already')} <Link to={paths.auth.getHref()}>{t('setup.signIn')}</Link>
      </SignInLine>
    </FormStack>
  )
}

const SignInLine = styled.p`
  margin: 0;
  text-align: center;
`
