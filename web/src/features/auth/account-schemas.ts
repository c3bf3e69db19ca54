import { z } from 'zod/mini'

import { MIN_PASSWORD_LENGTH } from './password'
import { t as tAccount } from '@/i18n/account'

/**
 * What the account setup and password reset forms check (SPEC §5, §8), apart from sign-up's
 * schemas so that the sign-in page does not carry these pages' texts.
 */

/** The address is sent trimmed. */
const trimmed = () => z.string().check(z.trim())

/** A new password from a reset link: typed twice, the same both times. */
export const resetPasswordSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .check(z.refine((v) => v.password === v.confirm, { path: ['confirm'], error: () => tAccount('reset.mismatch') }))

/**
 * Account setup (SPEC §5, §8). One problem at a time, in this order, each with the title of the
 * toast that announces it (`setupAccountErrorTitles`).
 */
export const setupAccountSchema = z.object({ email: trimmed(), password: z.string(), confirm: z.string() }).check(
  z.superRefine((v, ctx) => {
    if (!v.email) return ctx.addIssue({ code: 'custom', path: ['email'], message: tAccount('setup.email.required') })
    if (v.password !== v.confirm) {
      return ctx.addIssue({ code: 'custom', path: ['confirm'], message: tAccount('setup.mismatch.text') })
    }
    if (v.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: tAccount('setup.short.text', { min: MIN_PASSWORD_LENGTH }) })
    }
  }),
)

/** The toasts' titles, in the page's language. */
export const setupAccountErrorTitles = () =>
  ({
    email: tAccount('setup.email.title'),
    confirm: tAccount('setup.mismatch.title'),
    password: tAccount('setup.short.title'),
  }) as const
