import { CLINICS, greetingName, personName, plainText, usPhoneField } from '@hearing/contracts'
import { z } from 'zod'
import { MAX_PASSWORD_LENGTH } from '../passwords/policy.js'

/** Field shapes shared by the routes' body schemas. */

export const emailField = z.string().trim().toLowerCase().max(254).pipe(z.email('Please enter a valid email address.'))

/**
 * A password as typed: any characters. Length and commonness are checked by the policy (with the
 * spec's messages); the bound here only stops absurd bodies before hashing (4 bytes per character).
 */
export const passwordField = z.string().min(1, 'Please enter a password.').max(MAX_PASSWORD_LENGTH * 4)

/** One line, no control or text-direction characters (the kit's rules, shared with every form). */
export const nameField = personName(100)

/** A name typed at sign-up: the confirmation e-mail greets the address typed by it (contracts' rule for every public form). */
export const greetingNameField = greetingName()

/** A valid US phone number as people type it (the rule of every form: @hearing/contracts). */
export const phoneField = usPhoneField('Please enter a valid phone number.')

/** One of the practice's clinics, by uid. */
export const locationUidField = z
  .string()
  .trim()
  .max(100)
  .refine((uid) => CLINICS.some((clinic) => clinic.uid === uid), 'Please choose one of our clinics.')

/** Optional text: blank means none. */
export const optionalText = (max: number) =>
  plainText({ max, min: 0 })
    .nullable()
    .transform((v) => (v ? v : null))

export const zipField = z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'Please enter a 5-digit ZIP code.')

export const addressBlock = z.strictObject({
  address_line1: plainText({ max: 200 }),
  address_line2: optionalText(200).optional(),
  city: plainText({ max: 100 }),
  state: plainText({ max: 50 }),
  zip_code: zipField,
})
