/**
 * The names and lifetimes of Mofu's cookies, and the one cookie reader (docs/api.md "Cookies").
 * The code that sets one of Mofu's own takes its name and lifetime from here; ./site-cookies.ts
 * lists every cookie for the Cookies page. No zod and no table here: the pre-paint script and
 * every page's first load import these names.
 */

const DAY_SECONDS = 24 * 60 * 60

/** The page writes the mode in effect (a theme once chosen decides, docs/using.md "Preferences"). */
export const DARK_MODE_COOKIE = 'darkMode'
/**
 * The language in effect, mirrored in a cookie (as darkMode mirrors the mode in effect) so the
 * server answers in it: the prerendered page, error messages and mails.
 */
export const LANGUAGE_COOKIE = 'lang'
/** darkMode and lang: a year. */
export const PAGE_COOKIE_SECONDS = 365 * DAY_SECONDS

/**
 * A random id per browser: its hash tells a browser the account has used from a new one
 * (sessions/known-browsers.ts). Browsers cap a cookie's life at 400 days.
 */
export const BROWSER_COOKIE = 'mofu_device'
export const BROWSER_COOKIE_SECONDS = 400 * DAY_SECONDS

/**
 * Better Auth writes this before the names it is given, and `__Secure-` before that under https
 * (docs/api.md "Cookies").
 */
export const AUTH_COOKIE_PREFIX = 'better-auth.'
export const SECURE_COOKIE_PREFIX = '__Secure-'

/** A session lasts 7 days, renewed daily (docs/using.md "Sessions"). */
export const SESSION_SECONDS = 7 * DAY_SECONDS

/** The two-factor plugin's: a browser trusted to skip codes ("Trust this device for 30 days"). */
export const TRUST_DEVICE_COOKIE = 'trust_device'
export const TRUST_DEVICE_SECONDS = 30 * DAY_SECONDS
/** The two-factor plugin's: a log-in waiting for its code, for as long as the plugin waits. */
export const TWO_FACTOR_COOKIE = 'two_factor'
export const TWO_FACTOR_COOKIE_SECONDS = 10 * 60

/**
 * Every value a Cookie header (or document.cookie) gives the cookie `name`, in order: pairs split
 * at `;`, name and value trimmed, nothing unquoted or decoded (Mofu's own cookies hold plain
 * values). The one cookie reader of client and server.
 */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  const values: string[] = []
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=')
    if (eq !== -1 && pair.slice(0, eq).trim() === name) values.push(pair.slice(eq + 1).trim())
  }
  return values
}

/** The first value a Cookie header gives the cookie `name`, as browsers send the most specific first. */
export const cookieIn = (header: string | null | undefined, name: string): string | undefined =>
  cookieValues(header, name)[0]
