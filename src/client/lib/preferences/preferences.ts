import { useSyncExternalStore } from 'react'
import {
  applyToRoot,
  DEFAULT_EFFECTS,
  DEFAULT_FONT,
  EFFECTS_KEY,
  FONT_KEY,
  readPreferences,
  resolveDark,
  systemPrefersDark,
  THEME_KEY,
  writeDarkModeCookie,
  writeStorage,
  type EffectName,
  type Font,
  type Theme,
} from './stored'

export const UI_STATE_KEY = 'ui-state'

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
}
const inBrowser = typeof window !== 'undefined'

let current: Preferences = inBrowser ? readPreferences() : SERVER_SNAPSHOT
const listeners = new Set<() => void>()

function commit(next: Preferences) {
  if (next.dark !== current.dark) writeDarkModeCookie(next.dark)
  current = next
  applyToRoot(document.documentElement, current)
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
    if (event.key === null || [THEME_KEY, FONT_KEY, EFFECTS_KEY].includes(event.key)) {
      commit(readPreferences())
    }
  })
}

export const preferenceActions = {
  setTheme(theme: Theme) {
    writeStorage(THEME_KEY, theme)
    commit({ ...current, theme, dark: resolveDark(theme, current.dark, systemPrefersDark()) })
  },
  setFont(font: Font) {
    writeStorage(FONT_KEY, font)
    commit({ ...current, font })
  },
  setEffect(name: EffectName, enabled: boolean) {
    const effects = { ...current.effects, [name]: enabled }
    writeStorage(EFFECTS_KEY, JSON.stringify(effects))
    if (name === 'fullStatePersistence' && !enabled) writeStorage(UI_STATE_KEY, null)
    commit({ ...current, effects })
  },
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
