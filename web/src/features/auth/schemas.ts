import { z } from 'zod/mini'

import type { SignUpInput } from './api/sign-up'
import { t } from '@/i18n/auth'
import { FIRST_AND_LAST, nameFieldsCheck } from '@/lib/person-names'

/**
 * What the account forms check, and what they send. The controls' own attributes (`required`,
 * `minLength`, `pattern`) are checked by the browser first; these are the rules beyond them
 * (SPEC §5, §8) and the shaping of each request. zod/mini: the browser gets only the parts used.
 */

const ZIP_CODE = /^\d{5}(-\d{4})?$/

/** Sign-up (SPEC §5): passwords must match; the address is sent only when a street address is given, country US. */
export const signUpSchema = z.pipe(
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    location: z.string().check(z.minLength(1, { error: () => t('auth.location.required') })),
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }).check(
    nameFieldsCheck(FIRST_AND_LAST, { emptyIsChecked: false }),
    z.superRefine((v, ctx) => {
      if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: t('auth.passwordsMismatch') })
      if (!v.addressLine1.trim()) return
      // With a street address, the rest of the address is needed too.
      if (!v.city.trim()) ctx.addIssue({ code: 'custom', path: ['city'], message: t('auth.address.city.required') })
      if (!v.state.trim()) ctx.addIssue({ code: 'custom', path: ['state'], message: t('auth.address.state.required') })
      if (!ZIP_CODE.test(v.zip.trim())) ctx.addIssue({ code: 'custom', path: ['zip'], message: t('auth.address.zip.invalid') })
    }),
  ),
  z.transform((v): SignUpInput => {
    const input: SignUpInput = {
      first_name: v.firstName.trim(),
      last_name: v.lastName.trim(),
      email: v.email.trim(),
      phone: v.phone.trim(),
      password: v.password,
      preferred_location_uid: v.location,
    }
    if (v.addressLine1.trim()) {
      input.address = {
        address_line1: v.addressLine1.trim(),
        ...(v.addressLine2.trim() ? { address_line2: v.addressLine2.trim() } : {}),
        city: v.city.trim(),
        state: v.state.trim(),
        zip_code: v.zip.trim(),
      }
    }
    return input
  }),
)

/** Sign-in and "Forgot password?": the address is sent trimmed. */
const trimmed = () => z.string().check(z.trim())

export const signInSchema = z.object({ email: trimmed(), password: z.string() })
export const forgotPasswordSchema = z.object({ email: trimmed() })
