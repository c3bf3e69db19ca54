import { greetingNameProblem } from '@hearing/contracts'
import { z } from 'zod/mini'

/**
 * The check of a form's first and last name fields by the servers' rule for names that e-mails and
 * replies greet by (contracts' greetingNameProblem): "First name may contain only letters, …".
 */
export function nameFieldsCheck<K extends string>(fields: ReadonlyArray<readonly [K, string]>) {
  return z.superRefine<Record<K, string>>((values, ctx) => {
    for (const [field, label] of fields) {
      const problem = greetingNameProblem(values[field].trim())
      if (problem) ctx.addIssue({ code: 'custom', path: [field], message: `${label} ${problem}.` })
    }
  })
}

export const FIRST_AND_LAST = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
] as const
