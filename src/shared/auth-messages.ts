/**
 * Every user-facing message of sign-up, log-in and password reset, word for word as the panel
 * shows it (docs/using.md "Messages").
 */
export const AUTH_MESSAGES = {
  emailInUse: 'This email is already in use.',
  userNotFound: 'No account found. Try signing in with Google.',
  /** The user-not-found message where Google sign-in is not configured, so not offered. */
  userNotFoundWithoutGoogle: 'No account found.',
  wrongPassword: 'Incorrect password.',
  somethingWrong: 'Something went wrong. Please try again.',
  verificationSent: 'We sent you a verification email. Please verify before signing in.',
  unverified: 'Please verify your email before signing in.',
  invalidResetLink: 'Invalid or expired password reset link.',
  resetFailed: 'Failed to reset password. Try again.',
  resetEmailEmpty: 'Please enter your email.',
  passwordMismatch: 'Passwords do not match.',
  resetEmailSent: 'Password reset email sent!',
  passwordChanged: 'Password changed! Redirecting...',
  emailVerified: 'Your email is verified. Welcome to Mofu!',
  verifyLinkInvalid: 'That verification link is invalid or has expired. Log in to get a new one.',
  notSignUpPassword: 'That is not the password you chose when you signed up.',
  weakPassword: 'Password should be at least 6 characters.',
  commonPassword: 'This password is too common. Please choose another.',
  invalidEmail: 'Please enter a valid email.',
  neutral: 'Incorrect email or password.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  mailNotSent: 'We could not send the email just now. Nothing is lost: please try again shortly.',
  offline: 'Mofu could not reach the server. Check your connection and try again.',
  timeout: 'The server took too long to answer. Please try again.',
  popupBlocked:
    'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  popupClosed: 'The Google sign-in window was closed before sign-in finished.',
  googleFailed: 'Google sign-in did not finish. Please try again.',
  sessionEnded: 'Your session has ended. Please log in again.',
  accountDeleted: 'Your account was deleted. We sent a notice to its e-mail address.',
  passwordRequired: 'Please enter your password to delete your account.',
  incorrectPassword: 'Incorrect password.',
  reauthRequired: 'Please sign in again to delete your account.',
  accountDisabled: 'This account has been disabled.',
} as const

/** Error codes Mofu's server adds to Better Auth's own. */
export const AUTH_ERROR_CODES = {
  emailInUse: 'EMAIL_IN_USE',
  userNotFound: 'USER_NOT_FOUND',
  neutral: 'INVALID_CREDENTIALS',
  mailNotSent: 'MAIL_NOT_SENT',
  commonPassword: 'PASSWORD_TOO_COMMON',
  passwordRequired: 'PASSWORD_REQUIRED',
  incorrectPassword: 'INCORRECT_PASSWORD',
  reauthRequired: 'REAUTH_REQUIRED',
  accountDisabled: 'ACCOUNT_DISABLED',
  notSignUpPassword: 'NOT_SIGN_UP_PASSWORD',
} as const

export const MIN_PASSWORD_LENGTH = 6
