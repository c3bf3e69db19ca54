/** Every sentence identity says to a person, in one place (SPEC quotes kept exact). */
export const MESSAGES = {
  emailTaken: 'An account with this email already exists. Please try signing in instead.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordTooLong: 'Password must be at most 1024 characters long.',
  passwordTooCommon: 'This password is too common. Please choose another.',
  invalidCredentials: 'Invalid email or password.',
  emailNotConfirmed: 'Please confirm your email address first. We can send the link again.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  crossSite: 'This request came from another site and was refused.',
  setupLinkInvalid: 'This account setup link is invalid or expired.',
  setupEmailMismatch: 'This email address does not match the invitation. Please use the address the invitation was sent to.',
  resetLinkInvalid: 'This password reset link is invalid or expired. Please request a new one.',
  currentPasswordWrong: 'Your current password is not correct.',
  lastAdmin: 'The last admin cannot be removed.',
  userNotFound: 'User not found.',
  signInRequired: 'Please sign in to continue.',
  googleNotSetUp: 'Google sign-in is not set up.',
} as const

/** Sent with the 403 of a correct password on an unconfirmed account, so the page can offer a resend. */
export const EMAIL_NOT_CONFIRMED_CODE = 'email_not_confirmed'
