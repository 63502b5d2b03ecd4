/**
 * Stored preferences (docs/using.md "Preferences"): the darkMode and lang cookies and the local
 * storage keys font, theme, action-settings and language. Pure functions over the raw stored
 * values, shared by the pre-paint script (inlined into index.html) and the React app. Anything
 * unreadable falls back to the default.
 */

import { cookieIn, DARK_MODE_COOKIE, LANGUAGE_COOKIE, PAGE_COOKIE_SECONDS } from '@shared/cookies'
import {
  DEFAULT_LANGUAGE,
  firstSupported,
  LANGUAGE_CHOICES,
  type Language,
  type LanguageChoice,
} from '@shared/language'
import {
  DEFAULT_EFFECTS,
  DEFAULT_FONT,
  EFFECT_NAMES,
  FONTS,
  THEMES,
  type Effects,
  type Font,
  type Theme,
} from '@shared/preferences'

export const FONT_KEY = 'font'
export const THEME_KEY = 'theme'
export const EFFECTS_KEY = 'action-settings'
export const LANGUAGE_KEY = 'language'

export function parseFont(raw: string | null): Font {
  return FONTS.find((font) => font === raw) ?? DEFAULT_FONT
}

/** The theme the user chose, or null when they never chose one. */
export function parseTheme(raw: string | null): Theme | null {
  return THEMES.find((theme) => theme === raw) ?? null
}

/** The language the user chose; 'system' (the browser's languages) until they choose one. */
export function parseLanguageChoice(raw: string | null): LanguageChoice {
  return LANGUAGE_CHOICES.find((choice) => choice === raw) ?? 'system'
}

/** The language in effect: the one chosen, or the first supported of the browser's, or English. */
export function resolveLanguage(
  choice: LanguageChoice,
  browserLanguages: readonly string[],
): Language {
  return choice === 'system' ? (firstSupported(browserLanguages) ?? DEFAULT_LANGUAGE) : choice
}

export function parseEffects(raw: string | null): Effects {
  const effects = { ...DEFAULT_EFFECTS }
  let stored: unknown
  try {
    stored = raw === null ? null : JSON.parse(raw)
  } catch {
    return effects
  }
  if (typeof stored !== 'object' || stored === null) return effects
  for (const name of EFFECT_NAMES) {
    const value: unknown = (stored as Record<string, unknown>)[name]
    if (typeof value === 'boolean') effects[name] = value
  }
  return effects
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

export interface AppliedPreferences {
  dark: boolean
  font: Font
  effects: Effects
}

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
export function readPreferences(): AppliedPreferences & {
  theme: Theme | null
  language: LanguageChoice
} {
  const theme = parseTheme(readStorage(THEME_KEY))
  return {
    theme,
    dark: resolveDark(theme, parseDarkModeCookie(document.cookie), systemPrefersDark()),
    font: parseFont(readStorage(FONT_KEY)),
    effects: parseEffects(readStorage(EFFECTS_KEY)),
    language: parseLanguageChoice(readStorage(LANGUAGE_KEY)),
  }
}
