import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { FieldRow, Fieldset, Hint, InputField, Legend, SelectField } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { ApiError } from '@/lib/api-client'
import { trackEvent } from '@/lib/analytics'
import { notify } from '@/lib/notify'

import { signUp } from '../api/sign-up'
import { MIN_PASSWORD_LENGTH } from '../password'
import { signUpSchema } from '../schemas'

import { Actions, FormStack, LinkButton, Notice } from './auth-card'
import { ConfirmPasswordField } from './confirm-password-field'
import { t } from '@/i18n/auth'
import { t as tForms } from '@/i18n/forms'

export interface LocationOption {
  uid: string
  name: string
}

/** The clinic list as the page loaded it (only once the sign-up tab is open, SPEC §2). */
export interface LocationsState {
  data?: LocationOption[]
  error?: Error
  retry: () => void
}

interface SignUpFormProps {
  locations: LocationsState
  busy: boolean
  setBusy: (busy: boolean) => void
  /** Called after the account is created (the confirmation e-mail is on its way). */
  onSignedUp: (email: string) => void
}


const empty = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  location: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zip: '',
}

/** The "signup" tab (SPEC §2, §5): every main field required, optional address, then /signup-success. */
export function SignUpForm({ locations, busy, setBusy, onSignedUp }: SignUpFormProps) {
  const form = useZodForm(signUpSchema, empty, { alsoClears: { password: ['confirmPassword'] } })
  const { field, ids } = form

  const hasAddress = form.watch('addressLine1').trim() !== ''
  const noLocation = form.watch('location') === ''

  const onSubmit = form.handleSubmit(async (input) => {
    setBusy(true)
    try {
      await signUp(input)
      trackEvent('Signed-up')
      notify.success(t('auth.signUp.success.title'), t('auth.signUp.success.text'))
      onSignedUp(input.email)
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 409
          ? t('auth.signUp.exists')
          : error instanceof Error
            ? error.message
            : t('auth.tryAgain')
      notify.error(t('auth.signUp.failed'), message)
    } finally {
      setBusy(false)
    }
  })

  return (
    <FormStack onSubmit={onSubmit} aria-label={t('auth.signUp.label')}>
      <FieldRow>
        <InputField {...field('firstName')} label={tForms('forms.firstName')} autoComplete="given-name" required />
        <InputField {...field('lastName')} label={tForms('forms.lastName')} autoComplete="family-name" required />
      </FieldRow>
      <InputField {...field('email')} label={tForms('forms.email')} type="email" autoComplete="email" required />
      <InputField {...field('phone')} label={tForms('forms.phone')} type="tel" autoComplete="tel" required />
      <InputField
        {...field('password', { hint: true })}
        label={tForms('forms.password')}
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        required
      >
        <Hint id={ids('password').hint}>{t('auth.password.hint', { min: MIN_PASSWORD_LENGTH })}</Hint>
      </InputField>
      <ConfirmPasswordField {...field('confirmPassword')} label={tForms('forms.confirmPassword')}>
        {form.errorFor('confirmPassword', { announce: true })}
      </ConfirmPasswordField>
      <SelectField
        {...field('location', { hint: true })}
        label={tForms('forms.preferredLocation')}
        required
        disabled={!locations.data}
        below={
          locations.error && !locations.data ? (
            <Notice $tone="error" role="alert" id={ids('location').hint}>
              <p>{t('auth.location.failed')} {locations.error.message}</p>
              <LinkButton type="button" onClick={locations.retry}>
                {t('auth.location.retry')}
              </LinkButton>
            </Notice>
          ) : (
            <Hint id={ids('location').hint}>{t('auth.location.hint')}</Hint>
          )
        }
      >
        <option value="">{locations.data ? tForms('forms.selectLocation') : tForms('forms.locationsLoading')}</option>
        {locations.data?.map((location) => (
          <option key={location.uid} value={location.uid}>
            {location.name}
          </option>
        ))}
      </SelectField>

      <Fieldset aria-describedby={`${form.formId}-address-hint`}>
        <Legend>{t('auth.address.legend')}</Legend>
        <Hint id={`${form.formId}-address-hint`}>
          {t('auth.address.hint')}
        </Hint>
        <InputField {...field('addressLine1')} label={t('auth.address.street')} autoComplete="address-line1" />
        <InputField {...field('addressLine2')} label={t('auth.address.line2')} autoComplete="address-line2" />
        <InputField {...field('city')} label={t('auth.address.city')} autoComplete="address-level2" required={hasAddress}>
          {form.errorFor('city')}
        </InputField>
        <FieldRow>
          <InputField {...field('state')} label={t('auth.address.state')} autoComplete="address-level1" required={hasAddress}>
            {form.errorFor('state')}
          </InputField>
          <InputField
            {...field('zip')}
            label={t('auth.address.zip')}
            autoComplete="postal-code"
            inputMode="numeric"
            pattern="\d{5}(-\d{4})?"
            title={t('auth.address.zip.title')}
            required={hasAddress}
          >
            {form.errorFor('zip')}
          </InputField>
        </FieldRow>
      </Fieldset>

      <Actions>
        <Button type="submit" disabled={busy || noLocation} aria-busy={busy || undefined}>
          {busy ? t('auth.creating') : t('auth.create')}
        </Button>
        {noLocation ? <SubmitHint>{t('auth.create.hint')}</SubmitHint> : null}
      </Actions>
    </FormStack>
  )
}

const SubmitHint = styled(Hint)`
  text-align: center;
`
