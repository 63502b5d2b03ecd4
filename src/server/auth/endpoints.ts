import { TWO_FACTOR_DISABLED_PATHS, TWO_FACTOR_RATE_LIMITS } from './two-factor'

/** Figures documented in docs/security.md "Abuse limits". */
export const AUTH_RATE_LIMITS: Record<string, { window: number; max: number }> = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 5 },
  '/sign-up/verify': { window: 60, max: 10 },
  '/send-verification-email': { window: 60, max: 3 },
  '/request-password-reset': { window: 60, max: 3 },
  '/reset-password': { window: 60, max: 10 },
  ...TWO_FACTOR_RATE_LIMITS,
}

/**
 * Better Auth endpoints no Mofu feature uses, off until one does: the name is the profile's
 * (PATCH /api/me/profile), an address changes through Mofu's own POST /api/me/email (its link
 * goes to the new address, its notice to the old one), and Mofu neither links accounts by hand
 * nor reads provider tokens. /list-accounts stays: the panel asks it whether the user has a
 * password.
 */
export const DISABLED_PATHS = [
  // Password checks outside the per-account lock on failed log-ins: the panel changes a
  // password through the reset mail.
  '/verify-password',
  '/change-password',
  '/update-user',
  '/change-email',
  '/link-social',
  '/oauth2/link',
  '/unlink-account',
  '/get-access-token',
  '/refresh-token',
  '/account-info',
  // Sessions are listed and ended by id at /api/me/sessions: these hand tokens to the browser.
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  ...TWO_FACTOR_DISABLED_PATHS,
]
