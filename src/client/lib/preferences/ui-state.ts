import { useState, useSyncExternalStore } from 'react'
import { readStorage, writeStorage } from './stored'
import { UI_STATE_KEY, usePreferences } from './preferences'

function readUiState(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readStorage(UI_STATE_KEY) ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * One value kept in `ui-state` for a part that keeps more than a choice (the board's open
 * folders and scroll); read only in the browser, after hydration. Kept only while the
 * fullStatePersistence effect is on: turning it off clears the whole store.
 */
export const readUiValue = (key: string): unknown => readUiState()[key]

export function writeUiValue(key: string, value: unknown) {
  writeStorage(UI_STATE_KEY, JSON.stringify({ ...readUiState(), [key]: value }))
}

/** Only this tab writes the stored choice, and it re-renders itself when it does. */
const noOutsideChanges = () => () => undefined

/**
 * Like useState for a small UI choice, kept across reloads in local storage (`ui-state`) while
 * the fullStatePersistence effect is on. Stored values outside `allowed` are ignored. The
 * prerendered page and hydration show `initial`; the stored choice follows right after.
 */
export function useUiState<T extends string>(
  key: string,
  initial: T,
  allowed: readonly T[],
): [T, (value: T) => void] {
  const persist = usePreferences().effects.fullStatePersistence
  const stored = useSyncExternalStore(
    noOutsideChanges,
    () => {
      const value = persist ? readUiState()[key] : undefined
      return allowed.find((option) => option === value) ?? initial
    },
    () => initial,
  )
  const [chosen, setChosen] = useState<T | null>(null)
  const update = (next: T) => {
    setChosen(next)
    if (persist) writeStorage(UI_STATE_KEY, JSON.stringify({ ...readUiState(), [key]: next }))
  }
  return [chosen ?? stored, update]
}
