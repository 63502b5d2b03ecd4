import { TWO_FACTOR_DISABLED_PATHS, TWO_FACTOR_RATE_LIMITS } from './two-factor'

/** A Better Auth rate limit: at most `max` requests in `window` seconds per client address. */
export interface AuthRateLimit {
  window: number
  max: number
}

/**
 * Per client address on every /api/auth endpoint without a rule of its own. This and the rules
 * below are the first table of docs/security.md "Abuse limits", which the docs test holds to
 * them.
 */
export const AUTH_DEFAULT_RATE_LIMIT: AuthRateLimit = { window: 60, max: 100 }

/** Like a password sign-in, per client address: the passkey plugin's own endpoints. */
export const PASSKEY_RATE_LIMITS: Record<string, AuthRateLimit> = {
  '/passkey/verify-authentication': { window: 60, max: 10 },
  '/remove-password': { window: 60, max: 10 },
}

export const AUTH_RATE_LIMITS: Record<string, AuthRateLimit> = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 5 },
  '/sign-up/verify': { window: 60, max: 10 },
  // Asked once each time a link's page opens; more than Better Auth's own 3 in 10 seconds for
  // any /sign-up path, so a few reloads never refuse the page.
  '/sign-up/check-link': { window: 60, max: 20 },
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
