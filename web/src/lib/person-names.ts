import { GREETING_NAME_MAX, GREETING_NAME_MESSAGES, greetingNameProblem } from '@hearing/contracts'
import { z } from 'zod/mini'
import { t } from '../i18n/forms.ts'

/**
 * The check of a form's first and last name fields by the servers' rule for names that e-mails and
 * replies greet by (contracts' greetingNameProblem): "First name may contain only letters, …".
 */
export function nameFieldsCheck<K extends string>(fields: ReadonlyArray<readonly [K, 'forms.firstName' | 'forms.lastName']>, { emptyIsChecked = true } = {}) {
  return z.superRefine<Record<K, string>>((values, ctx) => {
    for (const [field, label] of fields) {
      // Forms that say what is missing their own way (booking, sign-up) check only what was typed.
      if (!emptyIsChecked && !values[field].trim()) continue
      const problem = greetingNameProblem(values[field].trim())
      // The rule's wording, in the page's language (checked when the form is submitted).
      const rule = (Object.keys(GREETING_NAME_MESSAGES) as Array<keyof typeof GREETING_NAME_MESSAGES>).find((k) => GREETING_NAME_MESSAGES[k] === problem)
      if (problem) {
        const message = rule ? t(`forms.name.${rule}`, { field: t(label), max: GREETING_NAME_MAX }) : `${t(label)} ${problem}.`
        ctx.addIssue({ code: 'custom', path: [field], message })
      }
    }
  })
}

export const FIRST_AND_LAST = [
  ['firstName', 'forms.firstName'],
  ['lastName', 'forms.lastName'],
] as const
