/**
 * Stored preferences (docs/using.md "Preferences"): the darkMode and lang cookies and each
 * preference's local storage key (PREFERENCES). Pure functions over the raw stored values,
 * shared by the pre-paint script (inlined into index.html) and the React app. Anything
 * unreadable falls back to the preference's fallback.
 */

import { cookieIn, DARK_MODE_COOKIE, LANGUAGE_COOKIE, PAGE_COOKIE_SECONDS } from '@shared/cookies'
import {
  DEFAULT_LANGUAGE,
  firstSupported,
  type Language,
  type LanguageChoice,
} from '@shared/language'
import {
  EFFECT_NAMES,
  FONTS,
  PREFERENCE_NAMES,
  PREFERENCES,
  type PreferenceKind,
  type PreferenceName,
  type PreferenceValues,
  type ShownPreferences,
  type Theme,
} from '@shared/preferences'

/** Switches as stored: each one stored as a boolean, the others on their fallback. */
function parseSwitches(
  preference: Extract<PreferenceKind, { switches: unknown }>,
  raw: string | null,
) {
  const switches: Record<string, boolean> = { ...preference.fallback }
  let stored: unknown
  try {
    stored = raw === null ? null : JSON.parse(raw)
  } catch {
    return switches
  }
  if (typeof stored !== 'object' || stored === null) return switches
  for (const name of preference.switches) {
    const value: unknown = (stored as Record<string, unknown>)[name]
    if (typeof value === 'boolean') switches[name] = value
  }
  return switches
}

/**
 * A preference as its local storage key holds it (`raw`, null when absent): the value stored,
 * or the preference's fallback when absent or unreadable.
 */
export function parseStored<N extends PreferenceName>(
  name: N,
  raw: string | null,
): ShownPreferences[N] {
  const preference: PreferenceKind = PREFERENCES[name]
  const shown =
    'switches' in preference
      ? parseSwitches(preference, raw)
      : (preference.values.find((value) => value === raw) ?? preference.fallback)
  return shown as ShownPreferences[N]
}

/** A chosen preference as its local storage key holds it. */
export const storedForm = <N extends PreferenceName>(value: PreferenceValues[N]): string =>
  typeof value === 'string' ? value : JSON.stringify(value)

/** The local storage key of each preference. */
export const PREFERENCE_KEYS: readonly string[] = PREFERENCE_NAMES.map(
  (name) => PREFERENCES[name].storageKey,
)

/** The language in effect: the one chosen, or the first supported of the browser's, or English. */
export function resolveLanguage(
  choice: LanguageChoice,
  browserLanguages: readonly string[],
): Language {
  return choice === 'system' ? (firstSupported(browserLanguages) ?? DEFAULT_LANGUAGE) : choice
}

/** The darkMode cookie's value: true, false, or null when absent or unreadable. */
export function parseDarkModeCookie(cookieHeader: string): boolean | null {
  const value = cookieIn(cookieHeader, DARK_MODE_COOKIE)
  return value === 'true' ? true : value === 'false' ? false : null
}

/**
 * How theme and darkMode work together: the theme, once chosen in Settings, decides (system
 * follows the device). Until a theme is chosen, the darkMode cookie decides, and with no cookie
 * dark mode is on. The cookie always mirrors the mode in effect.
 */
export function resolveDark(
  theme: Theme | null,
  darkModeCookie: boolean | null,
  systemPrefersDark: boolean,
): boolean {
  if (theme === 'light') return false
  if (theme === 'dark') return true
  if (theme === 'system') return systemPrefersDark
  return darkModeCookie ?? true
}

export type AppliedPreferences = Pick<ShownPreferences, 'font' | 'effects'> & { dark: boolean }

/** Classes and attributes on <html>: `dark`, `font-orbitron`/`font-default`, data-fx. */
export function applyToRoot(root: HTMLElement, preferences: AppliedPreferences): void {
  root.classList.toggle('dark', preferences.dark)
  for (const font of FONTS) root.classList.toggle(`font-${font}`, font === preferences.font)
  root.dataset.fx = EFFECT_NAMES.filter((name) => preferences.effects[name]).join(' ')
}

/** `<html lang>` and the lang cookie (the server answers in it) say the language in effect. */
export function applyLanguage(language: Language): void {
  document.documentElement.lang = language
  writeCookie(LANGUAGE_COOKIE, language)
}

/** Local storage can be missing or throw (disabled storage, private modes): treat as empty. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // Storage refused: the preference still applies for this visit.
  }
}

/** darkMode and lang: a year, the whole site, never sent cross-site. */
function writeCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${name}=${value}; Max-Age=${PAGE_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure}`
}

export const writeDarkModeCookie = (dark: boolean) => writeCookie(DARK_MODE_COOKIE, `${dark}`)

export function systemPrefersDark(): boolean {
  return window.matchMedia('(prefers-color-scheme: dark)').matches
}

/** Everything as stored right now, resolved. */
export function readPreferences(): ShownPreferences & { dark: boolean } {
  const shown = Object.fromEntries(
    PREFERENCE_NAMES.map((name) => [
      name,
      parseStored(name, readStorage(PREFERENCES[name].storageKey)),
    ]),
  ) as ShownPreferences
  const dark = resolveDark(shown.theme, parseDarkModeCookie(document.cookie), systemPrefersDark())
  return { ...shown, dark }
}
