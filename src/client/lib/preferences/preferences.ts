import { useSyncExternalStore } from 'react'
import type { LanguageChoice } from '@shared/language'
import {
  DEFAULT_EFFECTS,
  DEFAULT_FONT,
  EFFECT_NAMES,
  type EffectName,
  type Font,
  type KeptPreferences,
  type Theme,
} from '@shared/preferences'
import { currentLanguage, showLanguage } from '@client/lib/i18n/i18n'
import {
  applyLanguage,
  applyToRoot,
  EFFECTS_KEY,
  FONT_KEY,
  LANGUAGE_KEY,
  readPreferences,
  readStorage,
  resolveDark,
  resolveLanguage,
  systemPrefersDark,
  THEME_KEY,
  writeDarkModeCookie,
  writeStorage,
} from './stored'

export const UI_STATE_KEY = 'ui-state'
/** The board's filters and sort (features/board), kept whatever fullStatePersistence says. */
export const BOARD_VIEW_KEY = 'board-view'

type Preferences = ReturnType<typeof readPreferences>

/**
 * What the prerendered page shows and hydration starts from: the defaults. The pre-paint script
 * has already applied the stored choices to <html>; components catch up right after hydration.
 */
const SERVER_SNAPSHOT: Preferences = {
  theme: null,
  dark: true,
  font: DEFAULT_FONT,
  effects: DEFAULT_EFFECTS,
  language: 'system',
}
const inBrowser = typeof window !== 'undefined'

let current: Preferences = inBrowser ? readPreferences() : SERVER_SNAPSHOT
const listeners = new Set<() => void>()

/**
 * Shows the interface in the language in effect (loading its strings first), then marks <html>
 * and the lang cookie with it. main.tsx calls it once the page's own language is ready.
 */
export function showChosenLanguage(): Promise<void> {
  const language = resolveLanguage(current.language, navigator.languages)
  return showLanguage(language).then(() => {
    if (currentLanguage() === language) applyLanguage(language)
  })
}

function commit(next: Preferences) {
  if (next.dark !== current.dark) writeDarkModeCookie(next.dark)
  const languageChanged = next.language !== current.language
  current = next
  applyToRoot(document.documentElement, current)
  if (languageChanged) void showChosenLanguage()
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

if (inBrowser) {
  // With theme "system", the mode follows the device live.
  window
    .matchMedia('(prefers-color-scheme: dark)')
    .addEventListener('change', (event) =>
      commit({ ...current, dark: resolveDark(current.theme, current.dark, event.matches) }),
    )

  // Another tab changed a preference: show the same here.
  window.addEventListener('storage', (event) => {
    if (
      event.key === null ||
      [THEME_KEY, FONT_KEY, EFFECTS_KEY, LANGUAGE_KEY].includes(event.key)
    ) {
      commit(readPreferences())
    }
  })

  // With language "system", the interface follows the browser's languages live.
  window.addEventListener('languagechange', () => void showChosenLanguage())
}

const chosenListeners = new Set<() => void>()

/**
 * The preferences this browser has chosen (stored), without the defaults it only shows: what it
 * gives an account to keep.
 */
export function chosenHere(): KeptPreferences {
  const chosen: KeptPreferences = {}
  if (current.theme !== null) chosen.theme = current.theme
  if (readStorage(FONT_KEY) !== null) chosen.font = current.font
  if (readStorage(EFFECTS_KEY) !== null) chosen.effects = current.effects
  if (readStorage(LANGUAGE_KEY) !== null) chosen.language = current.language
  return chosen
}

/** Calls `listener` after each choice made through preferenceActions (not adopted ones). */
export function onPreferencesChosen(listener: () => void) {
  chosenListeners.add(listener)
  return () => chosenListeners.delete(listener)
}

function choose(next: Preferences) {
  commit(next)
  for (const listener of chosenListeners) listener()
}

export const preferenceActions = {
  setTheme(theme: Theme) {
    writeStorage(THEME_KEY, theme)
    choose({ ...current, theme, dark: resolveDark(theme, current.dark, systemPrefersDark()) })
  },
  setFont(font: Font) {
    writeStorage(FONT_KEY, font)
    choose({ ...current, font })
  },
  setEffect(name: EffectName, enabled: boolean) {
    const effects = { ...current.effects, [name]: enabled }
    writeStorage(EFFECTS_KEY, JSON.stringify(effects))
    if (name === 'fullStatePersistence' && !enabled) writeStorage(UI_STATE_KEY, null)
    choose({ ...current, effects })
  },
  setLanguage(language: LanguageChoice) {
    writeStorage(LANGUAGE_KEY, language)
    choose({ ...current, language })
  },
}

/** Whether `kept` holds a choice this browser does not show (so adopting it changes something). */
export function differsHere(kept: KeptPreferences): boolean {
  const effects = kept.effects
  return (
    (kept.theme !== undefined && kept.theme !== current.theme) ||
    (kept.font !== undefined && kept.font !== current.font) ||
    (kept.language !== undefined && kept.language !== current.language) ||
    (effects !== undefined && EFFECT_NAMES.some((name) => effects[name] !== current.effects[name]))
  )
}

/**
 * Makes the account's kept choices this browser's, as if chosen here (at sign-in): stored,
 * applied to the page and shown in Settings. What the account never chose stays as it is here.
 */
export function adoptPreferences(kept: KeptPreferences) {
  const { theme, font, effects, language } = kept
  if (theme !== undefined) writeStorage(THEME_KEY, theme)
  if (font !== undefined) writeStorage(FONT_KEY, font)
  if (effects !== undefined) {
    writeStorage(EFFECTS_KEY, JSON.stringify(effects))
    if (!effects.fullStatePersistence) writeStorage(UI_STATE_KEY, null)
  }
  if (language !== undefined) writeStorage(LANGUAGE_KEY, language)
  const next = { ...current, ...kept }
  commit({ ...next, dark: resolveDark(next.theme, current.dark, systemPrefersDark()) })
}

/**
 * Reads the stored preferences again, after something other than preferenceActions changed
 * local storage (clearing it at log-out or deletion): Settings and the page show them at once,
 * and the next toggle starts from them instead of writing the old choices back.
 */
export function reloadPreferences() {
  commit(readPreferences())
}

/** The stored preferences, live; change them through preferenceActions. */
export function usePreferences(): Preferences {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => SERVER_SNAPSHOT,
  )
}
