/**
 * Every cookie Mofu sets, by the name a browser keeps it under (docs/api.md "Cookies"): the Cookies
 * page lists them all, and tests/integration/cookies-set.test.ts holds this list to what the
 * server sets, so a cookie added without its line here fails there. Kept apart from
 * ./cookies.ts, whose names and reader the pre-paint script and every page load, so that none of
 * them carries this table: the Cookies page and the server import it.
 */
import {
  AUTH_COOKIE_PREFIX,
  BROWSER_COOKIE,
  BROWSER_COOKIE_SECONDS,
  DARK_MODE_COOKIE,
  LANGUAGE_COOKIE,
  PAGE_COOKIE_SECONDS,
  SESSION_SECONDS,
  TRUST_DEVICE_COOKIE,
  TRUST_DEVICE_SECONDS,
  TWO_FACTOR_COOKIE,
  TWO_FACTOR_COOKIE_SECONDS,
} from './cookies'

export interface SiteCookie {
  /** As the browser keeps it over http; Better Auth's gain `__Secure-` under https. */
  name: string
  /** Its Max-Age. */
  seconds: number
  /** The page's script, or an answer of the server. */
  setBy: 'page' | 'server'
}

export const MOFU_COOKIES = {
  darkMode: { name: DARK_MODE_COOKIE, seconds: PAGE_COOKIE_SECONDS, setBy: 'page' },
  lang: { name: LANGUAGE_COOKIE, seconds: PAGE_COOKIE_SECONDS, setBy: 'page' },
  session: {
    name: `${AUTH_COOKIE_PREFIX}session_token`,
    seconds: SESSION_SECONDS,
    setBy: 'server',
  },
  browser: { name: BROWSER_COOKIE, seconds: BROWSER_COOKIE_SECONDS, setBy: 'server' },
  trustedBrowser: {
    name: `${AUTH_COOKIE_PREFIX}${TRUST_DEVICE_COOKIE}`,
    seconds: TRUST_DEVICE_SECONDS,
    setBy: 'server',
  },
  twoFactorStep: {
    name: `${AUTH_COOKIE_PREFIX}${TWO_FACTOR_COOKIE}`,
    seconds: TWO_FACTOR_COOKIE_SECONDS,
    setBy: 'server',
  },
  /** The passkey plugin's, while the browser's prompt is open: its 5 minutes. */
  passkeyPrompt: {
    name: `${AUTH_COOKIE_PREFIX}better-auth-passkey`,
    seconds: 5 * 60,
    setBy: 'server',
  },
  /** Better Auth's, between Google sign-in's start and its return: its 5 minutes. */
  googleSignIn: { name: `${AUTH_COOKIE_PREFIX}state`, seconds: 5 * 60, setBy: 'server' },
} as const satisfies Record<string, SiteCookie>

export type MofuCookie = keyof typeof MOFU_COOKIES
