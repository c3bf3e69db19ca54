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

const EXISTING_ACCOUNT = 'An account with this email already exists. Please try signing in instead.'

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
      notify.success('Sign up successful', 'Please check your email to confirm your account.')
      onSignedUp(input.email)
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 409
          ? EXISTING_ACCOUNT
          : error instanceof Error
            ? error.message
            : 'Please try again.'
      notify.error('Sign up failed', message)
    } finally {
      setBusy(false)
    }
  })

  return (
    <FormStack onSubmit={onSubmit} aria-label="Sign up">
      <FieldRow>
        <InputField {...field('firstName')} label="First name" autoComplete="given-name" required />
        <InputField {...field('lastName')} label="Last name" autoComplete="family-name" required />
      </FieldRow>
      <InputField {...field('email')} label="Email" type="email" autoComplete="email" required />
      <InputField {...field('phone')} label="Phone" type="tel" autoComplete="tel" required />
      <InputField
        {...field('password', { hint: true })}
        label="Password"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        required
      >
        <Hint id={ids('password').hint}>At least {MIN_PASSWORD_LENGTH} characters. A short phrase is easy to remember.</Hint>
      </InputField>
      <ConfirmPasswordField {...field('confirmPassword')} label="Confirm password">
        {form.errorFor('confirmPassword', { announce: true })}
      </ConfirmPasswordField>
      <SelectField
        {...field('location', { hint: true })}
        label="Preferred location"
        required
        disabled={!locations.data}
        below={
          locations.error && !locations.data ? (
            <Notice $tone="error" role="alert" id={ids('location').hint}>
              <p>Failed to load locations. {locations.error.message}</p>
              <LinkButton type="button" onClick={locations.retry}>
                Try again
              </LinkButton>
            </Notice>
          ) : (
            <Hint id={ids('location').hint}>The clinic you would like to visit. Choose one to create your account.</Hint>
          )
        }
      >
        <option value="">{locations.data ? 'Select a location' : 'Loading locations...'}</option>
        {locations.data?.map((location) => (
          <option key={location.uid} value={location.uid}>
            {location.name}
          </option>
        ))}
      </SelectField>

      <Fieldset aria-describedby={`${form.formId}-address-hint`}>
        <Legend>Address (optional)</Legend>
        <Hint id={`${form.formId}-address-hint`}>
          Fill in the street address to include it; then city, state and ZIP code are needed too. Country: United States.
        </Hint>
        <InputField {...field('addressLine1')} label="Street address" autoComplete="address-line1" />
        <InputField {...field('addressLine2')} label="Apartment, suite, etc." autoComplete="address-line2" />
        <InputField {...field('city')} label="City" autoComplete="address-level2" required={hasAddress}>
          {form.errorFor('city')}
        </InputField>
        <FieldRow>
          <InputField {...field('state')} label="State" autoComplete="address-level1" required={hasAddress}>
            {form.errorFor('state')}
          </InputField>
          <InputField
            {...field('zip')}
            label="ZIP code"
            autoComplete="postal-code"
            inputMode="numeric"
            pattern="\d{5}(-\d{4})?"
            title="5 digits, for example 30501"
            required={hasAddress}
          >
            {form.errorFor('zip')}
          </InputField>
        </FieldRow>
      </Fieldset>

      <Actions>
        <Button type="submit" disabled={busy || noLocation} aria-busy={busy || undefined}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
        {noLocation ? <SubmitHint>Choose a preferred location above to create your account.</SubmitHint> : null}
      </Actions>
    </FormStack>
  )
}

const SubmitHint = styled(Hint)`
  text-align: center;
`
