import { useSyncExternalStore } from 'react'

/**
 * Whether the media query matches, live. The prerendered page and the hydration pass assume
 * `serverMatches` (no window at build time); the real answer follows right after hydration.
 */
export function useMediaQuery(query: string, serverMatches = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => serverMatches,
  )
}
