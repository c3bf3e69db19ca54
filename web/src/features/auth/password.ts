/** Identity's rule for a new password: at least this many characters. */
export const MIN_PASSWORD_LENGTH = 8
