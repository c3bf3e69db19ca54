import { httpError } from '@hearing/service-kit'
import { MESSAGES } from '../messages.js'
import { loadCommonPasswords } from './common-passwords.js'

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 1024

let common: Set<string> | undefined
function commonPasswords(): Set<string> {
  return (common ??= new Set(loadCommonPasswords()))
}

/** Length in characters (code points) after NFKC normalisation, as the hash sees it. */
function length(password: string): number {
  return [...password.normalize('NFKC')].length
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFKC').toLowerCase())
}

/** The reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const n = length(password)
  if (n < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort
  if (n > MAX_PASSWORD_LENGTH) return MESSAGES.passwordTooLong
  if (isCommonPassword(password)) return MESSAGES.passwordTooCommon
  return null
}

/** Throws a 400 carrying the user-facing reason when a new password is not acceptable. */
export function assertAcceptablePassword(password: string): void {
  const problem = passwordProblem(password)
  if (problem) throw httpError(400, problem)
}
