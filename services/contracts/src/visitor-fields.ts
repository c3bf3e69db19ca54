// What a visitor may put in fields that end up in e-mails and messages to other people. No zod here:
// the SPA checks its forms with the same rules, and a schema would bring the validator with it.

/** Longest first or last name an order request (or any form that greets by name) accepts. */
export const GREETING_NAME_MAX = 50

// Letters (any script, with their combining marks), spaces, hyphens, apostrophes and periods: no
// digits, no ":" or "/", no control, invisible or text-direction characters.
const NAME_CHARACTERS = /^[\p{L}\p{M} .'’-]+$/u
const LETTER = /\p{L}/u
// "phish.example", "bit.ly": two letters, a period, two letters. "J.R." and "St. John" are fine.
const DOMAIN_LIKE = /\p{L}{2}\.\p{L}{2}/u
// Punctuation on its own in a row ("--", "..", "'.'"): not part of a name.
const PUNCTUATION_RUN = /[.'’-]{2}/u

export const GREETING_NAME_MESSAGES = {
  required: 'is required',
  tooLong: `must be at most ${GREETING_NAME_MAX} characters`,
  characters: 'may contain only letters, spaces, hyphens, apostrophes and periods',
  address: 'must be a name, not a web address',
} as const

/**
 * Why a (trimmed) name is refused as a name we greet someone by, or undefined. Such names are the
 * only words of a visitor's that e-mails to the address they typed carry, so nothing in them can
 * read as a link or an instruction.
 */
export function greetingNameProblem(value: string): string | undefined {
  if (value.length === 0) return GREETING_NAME_MESSAGES.required
  if (value.length > GREETING_NAME_MAX) return GREETING_NAME_MESSAGES.tooLong
  if (!NAME_CHARACTERS.test(value) || !LETTER.test(value) || PUNCTUATION_RUN.test(value)) return GREETING_NAME_MESSAGES.characters
  if (DOMAIN_LIKE.test(value)) return GREETING_NAME_MESSAGES.address
  return undefined
}

/**
 * An order request's bounds, after lines of the same product are merged: hearing aids come one per
 * ear, so a household's order is a few units, never hundreds.
 */
export const ORDER_LIMITS = {
  /** Units of one product. */
  perProduct: 4,
  /** Units in one order request. */
  perOrder: 8,
  /** Lines a request may send (before merging). */
  lines: 20,
} as const
