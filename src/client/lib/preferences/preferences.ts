import { useSyncExternalStore } from 'react'
import {
  PREFERENCE_NAMES,
  PREFERENCES,
  type EffectName,
  type KeptPreferences,
  type PreferenceName,
  type PreferenceValues,
  type ShownPreferences,
} from '@shared/preferences'
import { currentLanguage, showLanguage } from '@client/lib/i18n/i18n'
import {
  applyLanguage,
  applyToRoot,
  PREFERENCE_KEYS,
  readPreferences,
  readStorage,
  resolveDark,
  resolveLanguage,
  storedForm,
  systemPrefersDark,
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
  ...(Object.fromEntries(
    PREFERENCE_NAMES.map((name) => [name, PREFERENCES[name].fallback]),
  ) as ShownPreferences),
  dark: true,
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
    if (event.key === null || PREFERENCE_KEYS.includes(event.key)) commit(readPreferences())
  })

  // With language "system", the interface follows the browser's languages live.
  window.addEventListener('languagechange', () => void showChosenLanguage())
}

const chosenListeners = new Set<() => void>()

const storageKeyOf = (name: PreferenceName) => PREFERENCES[name].storageKey

/**
 * The preferences this browser has chosen (stored), without the fallbacks it only shows: what it
 * gives an account to keep.
 */
export function chosenHere(): KeptPreferences {
  const chosen: Record<string, unknown> = {}
  for (const name of PREFERENCE_NAMES) {
    if (readStorage(storageKeyOf(name)) !== null && current[name] !== null) {
      chosen[name] = current[name]
    }
  }
  return chosen as KeptPreferences
}

/** Calls `listener` after each choice made through preferenceActions (not adopted ones). */
export function onPreferencesChosen(listener: () => void) {
  chosenListeners.add(listener)
  return () => chosenListeners.delete(listener)
}

/**
 * Stores the preferences in `kept` and shows them, with what follows from them: the mode a
 * theme puts the page in, and the UI state forgotten once full-state persistence is off.
 */
function store(kept: KeptPreferences) {
  for (const name of PREFERENCE_NAMES) {
    const value = kept[name]
    if (value !== undefined) writeStorage(storageKeyOf(name), storedForm(value))
  }
  if (kept.effects?.fullStatePersistence === false) writeStorage(UI_STATE_KEY, null)
  const next = { ...current, ...kept }
  commit({ ...next, dark: resolveDark(next.theme, current.dark, systemPrefersDark()) })
}

export const preferenceActions = {
  /** Chooses a preference here, and for the account while signed in. */
  choose<N extends PreferenceName>(name: N, value: PreferenceValues[N]) {
    store({ [name]: value })
    for (const listener of chosenListeners) listener()
  },
  setEffect(name: EffectName, enabled: boolean) {
    preferenceActions.choose('effects', { ...current.effects, [name]: enabled })
  },
}

/** Whether `kept` holds a choice this browser does not show (so adopting it changes something). */
export function differsHere(kept: KeptPreferences): boolean {
  return PREFERENCE_NAMES.some((name) => {
    const value = kept[name]
    const shown = current[name]
    if (value === undefined) return false
    if (typeof value === 'string' || typeof shown !== 'object' || shown === null) {
      return value !== shown
    }
    return Object.entries(value).some(([key, on]) => shown[key as keyof typeof shown] !== on)
  })
}

/**
 * Makes the account's kept choices this browser's, as if chosen here (at sign-in): stored,
 * applied to the page and shown in Settings. What the account never chose stays as it is here.
 */
export function adoptPreferences(kept: KeptPreferences) {
  store(kept)
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
