import { z } from 'zod'
import { greetingNameProblem } from './visitor-fields.js'

/**
 * Text people type, as every service and every request body here accepts it. Decided once so
 * sign-up, profiles, contact and booking forms agree: PostgreSQL cannot store NUL, a lone
 * surrogate is not text (JSON lets one through as "\ud800"), and control characters or
 * bidirectional overrides in a name make misleading admin lists ("Bob\u202Enimda" reads as "Bobadmin").
 */

// With the u flag a paired surrogate is one code point, so only a lone half matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

/** NUL anywhere, or half of a surrogate pair: refused in every input of every route (see validation.ts). */
export function unstorableText(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain the NUL character'
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it contains half of a surrogate pair)'
  return undefined
}

// C0 and C1 controls and DEL. Tab and line breaks are allowed in multi-line text only.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
// Bidirectional embeddings, overrides and isolates, plus the line/paragraph separators.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u2028\u2029]/

export const TEXT_MESSAGES = {
  control: 'must not contain control characters',
  bidi: 'must not contain text-direction control characters',
  unstorable: 'must be valid Unicode text',
} as const

/** Why a single-line (or, with `multiline`, a multi-line) text is refused, or undefined. */
export function textProblem(value: string, { multiline = false } = {}): string | undefined {
  const unstorable = unstorableText(value)
  if (unstorable) return unstorable
  if ((multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value)) return TEXT_MESSAGES.control
  if (BIDI_CONTROL.test(value)) return TEXT_MESSAGES.bidi
  return undefined
}

function checked(schema: z.ZodString, multiline: boolean) {
  return schema.superRefine((value, ctx) => {
    const problem = textProblem(value, { multiline })
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
}

export interface TextOptions {
  max: number
  /** Default 1: required. 0 allows an empty string. */
  min?: number
  /** Allow tabs and line breaks (messages, notes); names and address lines are single-line. */
  multiline?: boolean
  /** Message when shorter than min. */
  requiredMessage?: string
}

/** Trimmed single- or multi-line text between min and max characters, free of control characters. */
export function plainText({ max, min = 1, multiline = false, requiredMessage = 'is required' }: TextOptions) {
  return checked(z.string().trim().min(min, requiredMessage).max(max), multiline)
}

/** A person's name: one line, up to `max` characters, no control or direction characters. */
export function personName(max = 100) {
  return plainText({ max })
}

/**
 * A first or last name a visitor types that an e-mail to the address they typed greets by (booking,
 * sign-up, order, contact): the one rule of visitor-fields.ts, so nothing in it reads as a link or
 * an instruction to whoever receives it.
 */
export function greetingName() {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = greetingNameProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
}
