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
  lastAdminDeactivated: 'The last admin cannot be deactivated.',
  selfDeactivation: 'You cannot deactivate your own account.',
  accountDeactivated: 'This account has been deactivated. Please call the clinic if you need it again.',
  userNotFound: 'User not found.',
  alreadyConfirmed: 'This account has already confirmed its email address.',
  tooManyLinks: 'This account has had as many of these emails as an hour allows. Please wait before sending another.',
  staffAccountsAdminOnly: 'Only administrators can do this for staff and administrator accounts.',
  signInRequired: 'Please sign in to continue.',
  deletionLinkInvalid: 'This account deletion link is invalid or expired. Please ask for a new one from your profile.',
  deletionStaffAccount: 'Staff and administrator accounts are removed by an administrator changing their role first.',
  deletionNotFound: 'No account deletion with this reference.',
  googleNotSetUp: 'Google sign-in is not set up.',
} as const

/** Sent with the 403 of a correct password on an unconfirmed account, so the page can offer a resend. */
export const EMAIL_NOT_CONFIRMED_CODE = 'email_not_confirmed'

/** Sent with the 403 of a correct password on a deactivated account. */
export const ACCOUNT_DEACTIVATED_CODE = 'account_deactivated'
