import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { FieldRow, Fieldset, Hint, InputField, Legend, SelectField } from '@/components/ui/form-controls'
import { ApiError } from '@/lib/api-client'
import { trackEvent } from '@/lib/analytics'
import { notify } from '@/lib/notify'

import { signUp, type SignUpInput } from '../api/sign-up'
import { MIN_PASSWORD_LENGTH } from '../password'

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

type Values = typeof empty

/** Builds the request: the address only when a street address was given (SPEC §5); country is always US. */
export function signUpPayload(values: Values): SignUpInput {
  const input: SignUpInput = {
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    password: values.password,
    preferred_location_uid: values.location,
  }
  if (values.addressLine1.trim()) {
    input.address = {
      address_line1: values.addressLine1.trim(),
      ...(values.addressLine2.trim() ? { address_line2: values.addressLine2.trim() } : {}),
      city: values.city.trim(),
      state: values.state.trim(),
      zip_code: values.zip.trim(),
    }
  }
  return input
}

/** The "signup" tab (SPEC §2, §5): every main field required, optional address, then /signup-success. */
export function SignUpForm({ locations, busy, setBusy, onSignedUp }: SignUpFormProps) {
  const id = useId()
  const [values, setValues] = useState<Values>(empty)
  const [mismatch, setMismatch] = useState(false)
  const confirmRef = useRef<HTMLInputElement>(null)

  const set = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value
    setValues((v) => ({ ...v, [field]: value }))
    if (field === 'password' || field === 'confirmPassword') setMismatch(false)
  }

  const hasAddress = values.addressLine1.trim() !== ''
  const noLocation = values.location === ''

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (values.password !== values.confirmPassword) {
      setMismatch(true)
      confirmRef.current?.focus()
      return
    }
    setBusy(true)
    try {
      const input = signUpPayload(values)
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
  }

  const field = (name: keyof Values) => ({ id: `${id}-${name}`, name, value: values[name], onChange: set(name) })

  return (
    <FormStack onSubmit={onSubmit} aria-label="Sign up">
      <FieldRow>
        <InputField {...field('firstName')} label="First name" autoComplete="given-name" required />
        <InputField {...field('lastName')} label="Last name" autoComplete="family-name" required />
      </FieldRow>
      <InputField {...field('email')} label="Email" type="email" autoComplete="email" required />
      <InputField {...field('phone')} label="Phone" type="tel" autoComplete="tel" required />
      <InputField
        {...field('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        required
        aria-describedby={`${id}-password-hint`}
      >
        <Hint id={`${id}-password-hint`}>At least {MIN_PASSWORD_LENGTH} characters. A short phrase is easy to remember.</Hint>
      </InputField>
      <ConfirmPasswordField
        {...field('confirmPassword')}
        ref={confirmRef}
        label="Confirm password"
        mismatch={mismatch}
        errorId={`${id}-mismatch`}
      />
      <SelectField
        {...field('location')}
        label="Preferred location"
        required
        disabled={!locations.data}
        aria-describedby={`${id}-location-hint`}
        below={
          locations.error && !locations.data ? (
            <Notice $tone="error" role="alert" id={`${id}-location-hint`}>
              <p>Failed to load locations. {locations.error.message}</p>
              <LinkButton type="button" onClick={locations.retry}>
                Try again
              </LinkButton>
            </Notice>
          ) : (
            <Hint id={`${id}-location-hint`}>The clinic you would like to visit. Choose one to create your account.</Hint>
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

      <Fieldset aria-describedby={`${id}-address-hint`}>
        <Legend>Address (optional)</Legend>
        <Hint id={`${id}-address-hint`}>
          Fill in the street address to include it; then city, state and ZIP code are needed too. Country: United States.
        </Hint>
        <InputField {...field('addressLine1')} label="Street address" autoComplete="address-line1" />
        <InputField {...field('addressLine2')} label="Apartment, suite, etc." autoComplete="address-line2" />
        <InputField {...field('city')} label="City" autoComplete="address-level2" required={hasAddress} />
        <FieldRow>
          <InputField {...field('state')} label="State" autoComplete="address-level1" required={hasAddress} />
          <InputField
            {...field('zip')}
            label="ZIP code"
            autoComplete="postal-code"
            inputMode="numeric"
            pattern="\d{5}(-\d{4})?"
            title="5 digits, for example 30501"
            required={hasAddress}
          />
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
