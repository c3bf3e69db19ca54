import { api } from '@/lib/api-client'
import { languageField } from '@/i18n/i18n'

export interface SignUpAddress {
  address_line1: string
  address_line2?: string
  city: string
  state: string
  zip_code: string
}

export interface SignUpInput {
  first_name: string
  last_name: string
  email: string
  phone: string
  password: string
  preferred_location_uid: string
  /** Only when the street address is filled in (SPEC §5). Country is always US. */
  address?: SignUpAddress
}

/** POST /api/identity/sign-up: 201 and a confirmation e-mail; 409 when the address is registered. */
export function signUp(input: SignUpInput): Promise<{ status: 'confirmation_sent' }> {
  return api.post('/identity/sign-up', { ...input, ...languageField() }, { auth: false })
}

/** POST /api/identity/resend-confirmation: 202 whatever the address (no account enumeration). */
export function resendConfirmation(email: string): Promise<{ status: string }> {
  return api.post('/identity/resend-confirmation', { email }, { auth: false })
}
