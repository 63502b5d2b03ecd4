import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { ANIME_SEASONS, ANIME_TYPES, LIKE_STATUSES } from '@shared/anime'
import { readStorage, writeStorage } from '@client/lib/preferences/stored'
import { BOARD_VIEW_KEY as VIEW_KEY, usePreferences } from '@client/lib/preferences/preferences'
import { readUiValue, writeUiValue } from '@client/lib/preferences/ui-state'
import { NO_FILTERS, SORTS, type BoardFilters, type Sort } from './board-model'

/** ui-state (fullStatePersistence): the folders closed and where the page was scrolled. */
const PLACE_KEY = 'board'

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.length <= max ? value : null
const oneOf = <T extends string>(options: readonly T[], value: unknown): T | null =>
  options.find((option) => option === value) ?? null

/** What was stored, each field checked: anything else falls back to no filter. */
function readView(): { filters: BoardFilters; sort: Sort } {
  let stored: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(readStorage(VIEW_KEY) ?? '{}')
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>
  } catch {
    // An unreadable value is no view at all.
  }
  const filters =
    typeof stored['filters'] === 'object' && stored['filters'] !== null
      ? (stored['filters'] as Record<string, unknown>)
      : {}
  return {
    sort: oneOf(SORTS, stored['sort']) ?? 'order',
    filters: {
      status: oneOf([...LIKE_STATUSES, 'none', 'all'] as const, filters['status']) ?? 'all',
      type: oneOf([...ANIME_TYPES, 'all'] as const, filters['type']) ?? 'all',
      year: /^\d{4}$/.test(text(filters['year'], 4) ?? '') ? (filters['year'] as string) : '',
      season: oneOf([...ANIME_SEASONS, 'all'] as const, filters['season']) ?? 'all',
      folder: text(filters['folder'], 64) || 'all',
      text: text(filters['text'], 100) ?? '',
    },
  }
}

interface Place {
  closed: string[]
  scroll: number
}

function readPlace(): Place {
  const stored = readUiValue(PLACE_KEY)
  if (typeof stored !== 'object' || stored === null) return { closed: [], scroll: 0 }
  const { closed, scroll } = stored as Record<string, unknown>
  return {
    closed: Array.isArray(closed)
      ? closed.filter((id): id is string => typeof id === 'string').slice(0, 500)
      : [],
    scroll: typeof scroll === 'number' && Number.isFinite(scroll) && scroll > 0 ? scroll : 0,
  }
}

/**
 * The board's view: filters and sort (kept in this browser), and with fullStatePersistence on
 * the folders closed and the scroll position, so a reload finds the board as it was left. The
 * board renders only in the browser, signed in, so the stored values are read at once.
 */
export function useBoardView(ready: boolean) {
  const persist = usePreferences().effects.fullStatePersistence
  const [view, setView] = useState(readView)
  const [closed, setClosed] = useState(() => new Set(persist ? readPlace().closed : []))
  // A scroll position to come back to needs the page laid out whole, as it was when it was kept.
  const [restoresScroll] = useState(() => persist && readPlace().scroll > 0)
  const restored = useRef(false)

  const update = useCallback((next: Partial<{ filters: BoardFilters; sort: Sort }>) => {
    setView((old) => {
      const merged = { ...old, ...next }
      writeStorage(VIEW_KEY, JSON.stringify(merged))
      return merged
    })
  }, [])

  const toggleFolder = useCallback(
    (key: string) => {
      setClosed((old) => {
        const next = new Set(old)
        if (!next.delete(key)) next.add(key)
        if (persist) writeUiValue(PLACE_KEY, { ...readPlace(), closed: [...next] })
        return next
      })
    },
    [persist],
  )

  // Back where the page was scrolled, once the board is drawn; from then on, kept as it moves.
  useLayoutEffect(() => {
    if (!ready || restored.current) return
    restored.current = true
    if (persist) {
      const { scroll } = readPlace()
      if (scroll > 0) window.scrollTo(0, scroll)
    }
  }, [ready, persist])

  useEffect(() => {
    if (!persist || !ready) return
    let timer = 0
    const onScroll = () => {
      window.clearTimeout(timer)
      timer = window.setTimeout(
        () => writeUiValue(PLACE_KEY, { ...readPlace(), scroll: Math.round(window.scrollY) }),
        200,
      )
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.clearTimeout(timer)
      window.removeEventListener('scroll', onScroll)
    }
  }, [persist, ready])

  return {
    filters: view.filters,
    sort: view.sort,
    setFilters: (filters: BoardFilters) => update({ filters }),
    clearFilters: () => update({ filters: NO_FILTERS }),
    setSort: (sort: Sort) => update({ sort }),
    closed,
    toggleFolder,
    restoresScroll,
  }
}
