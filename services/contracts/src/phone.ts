import { parsePhoneNumberFromString } from 'libphonenumber-js'

// What people type in a phone field: digits, spaces and the usual punctuation, nothing else. The
// parser alone finds a number inside any text ("770 555 0101\r\nBcc: …" parses), so this comes first.
const PHONE_CHARACTERS = /^\+?[\d ().-]{7,25}$/

/**
 * A US phone number in E.164 (+1...), or undefined when it is not a valid US number: the phone
 * rule of every public form (contact, order request), so no line break or stray text gets through.
 */
export function usPhoneE164(input: string): string | undefined {
  if (!PHONE_CHARACTERS.test(input)) return undefined
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
