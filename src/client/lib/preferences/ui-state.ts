import { useState } from 'react'
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
 * Like useState for a small UI choice, kept across reloads in local storage (`ui-state`) while
 * the fullStatePersistence effect is on. Stored values outside `allowed` are ignored.
 */
export function useUiState<T extends string>(
  key: string,
  initial: T,
  allowed: readonly T[],
): [T, (value: T) => void] {
  const persist = usePreferences().effects.fullStatePersistence
  const [value, setValue] = useState<T>(() => {
    const stored = persist ? readUiState()[key] : undefined
    return allowed.find((option) => option === stored) ?? initial
  })
  const update = (next: T) => {
    setValue(next)
    if (persist) writeStorage(UI_STATE_KEY, JSON.stringify({ ...readUiState(), [key]: next }))
  }
  return [value, update]
}
