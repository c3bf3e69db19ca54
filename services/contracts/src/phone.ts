import { parsePhoneNumberFromString } from 'libphonenumber-js'

/**
 * The phone rules of every process, in one place: what counts as phone text, which numbers a form
 * accepts (libphonenumber-js's metadata for the US), how staff read a number, and by what two
 * phones written differently are compared.
 */

/**
 * What people type for a phone: an optional leading "+", then digits, spaces and the usual
 * punctuation (parentheses, dots, dashes), nothing else: no letters, no line breaks. Also a search
 * for part of a number ("555-01") is phone text.
 */
export const PHONE_TEXT = /^\+?[\d ().-]+$/

/** Whether `text` is written like a phone number (PHONE_TEXT), whole or in part. */
export const isPhoneText = (text: string): boolean => PHONE_TEXT.test(text)

/** Shortest and longest phone a form takes, "+" left out: "555 0142" is too short to be a US number anyway. */
const FORM_PHONE_LENGTH = { min: 7, max: 25 }

/**
 * A US phone number in E.164 (+1...), or undefined when it is not a valid US number: the phone
 * rule of every form that takes a phone (booking, sign-up, contact, order request, staff-made
 * patients). The text must be phone text first: libphonenumber alone finds a number inside any
 * text ("770 555 0101\r\nBcc: …" parses), so no line break or stray text gets through.
 */
export function usPhoneE164(input: string): string | undefined {
  const length = input.startsWith('+') ? input.length - 1 : input.length
  if (length < FORM_PHONE_LENGTH.min || length > FORM_PHONE_LENGTH.max || !isPhoneText(input)) return undefined
  const parsed = parsePhoneNumberFromString(input, 'US')
  if (!parsed || !parsed.isValid() || parsed.country !== 'US') return undefined
  return parsed.number
}

/**
 * How staff read a phone wherever it came from: a valid US number as "(770) 555-0142" whatever way
 * it was typed or stored (E.164 or not); anything else as given.
 */
export function phoneForDisplay(input: string): string {
  const e164 = usPhoneE164(input.trim())
  return e164 ? parsePhoneNumberFromString(e164, 'US')!.formatNational() : input
}

/**
 * The last 10 digits of a phone: how services compare phones typed or stored in any format
 * ("(770) 555-0142" and "+1 770.555.0142" are one phone); undefined with fewer than 10 digits.
 * Indexes spell the same key in SQL: right(regexp_replace(phone, '[^0-9]', '', 'g'), 10).
 */
export function phoneDigits(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '')
  return digits.length >= 10 ? digits.slice(-10) : undefined
}
