import { generateKeyBetween } from 'fractional-indexing'
import {
  searchKey,
  seasonOf,
  type AnimeSeason,
  type AnimeSummary,
  type AnimeType,
  type Like,
  type LikeStatus,
} from '@shared/anime'
import type { Board, Folder } from '@shared/board'

/** Unsorted's id on the board: the folder every like without one sits in (folderId null). */
export const UNSORTED = 'unsorted'

export const SORTS = ['order', 'liked', 'aired', 'title'] as const
export type Sort = (typeof SORTS)[number]

/** What the board shows: each filter empty ('' or 'all') when not in use. */
export interface BoardFilters {
  status: LikeStatus | 'none' | 'all'
  type: AnimeType | 'all'
  /** A year ('2024'), or '' for any. */
  year: string
  season: AnimeSeason | 'all'
  /** A folder id, UNSORTED, or 'all'. */
  folder: string
  text: string
}

export const NO_FILTERS: BoardFilters = {
  status: 'all',
  type: 'all',
  year: '',
  season: 'all',
  folder: 'all',
  text: '',
}

/** A key in the order the server sorts by: plain code-unit comparison, then the id. */
const byOrder = (a: Like, b: Like) =>
  a.orderKey < b.orderKey
    ? -1
    : a.orderKey > b.orderKey
      ? 1
      : a.anime.id < b.anime.id
        ? -1
        : a.anime.id > b.anime.id
          ? 1
          : 0

export const folderKey = (like: Like) => like.folderId ?? UNSORTED

/** The user's folders in their order (by key, then id, as the server sorts them). */
export function foldersInOrder(folders: readonly Folder[]): Folder[] {
  return folders.toSorted((a, b) =>
    a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : a.id < b.id ? -1 : 1,
  )
}

/** The likes of each folder (UNSORTED for those without one), each in the board's order. */
export function likesByFolder(likes: readonly Like[]): Map<string, Like[]> {
  const groups = new Map<string, Like[]>()
  for (const like of likes) {
    const key = folderKey(like)
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [like])
    else group.push(like)
  }
  for (const group of groups.values()) group.sort(byOrder)
  return groups
}

/** The year a title began in (in Japan, where it airs), as the year filter names it. */
export const yearOf = (anime: AnimeSummary) => {
  const began = seasonOf(anime.beginAt)
  return began === null ? null : String(began.year)
}

/** Every name of a title, folded as search folds them, for the text filter. */
const searchKeys = new WeakMap<AnimeSummary, string>()
function keyOf(anime: AnimeSummary): string {
  let key = searchKeys.get(anime)
  if (key === undefined) {
    key = [anime.title, ...Object.values(anime.translations).flat()].map(searchKey).join('\n')
    searchKeys.set(anime, key)
  }
  return key
}

export function matches(like: Like, filters: BoardFilters, text: string): boolean {
  const { anime } = like
  if (filters.status !== 'all' && (like.status ?? 'none') !== filters.status) return false
  if (filters.type !== 'all' && anime.type !== filters.type) return false
  if (filters.year !== '' && yearOf(anime) !== filters.year) return false
  if (filters.season !== 'all' && seasonOf(anime.beginAt)?.season !== filters.season) return false
  return text === '' || keyOf(anime).includes(text)
}

export const filtersInUse = (filters: BoardFilters) =>
  filters.status !== 'all' ||
  filters.type !== 'all' ||
  filters.year !== '' ||
  filters.season !== 'all' ||
  filters.folder !== 'all' ||
  searchKey(filters.text) !== ''

/** The titles' translation in the language shown, when the data has one. */
export function nameIn(anime: AnimeSummary, language: string): string {
  if (anime.lang === language) return anime.title
  const translated =
    language === 'ja' || language === 'en' ? anime.translations[language]?.[0] : undefined
  return translated ?? anime.title
}

/** The likes of one folder as shown: filtered, then sorted as chosen. */
export function shown(
  likes: readonly Like[],
  filters: BoardFilters,
  sort: Sort,
  titleOf: (anime: AnimeSummary) => string,
): Like[] {
  const text = searchKey(filters.text)
  const kept = likes.filter((like) => matches(like, filters, text))
  if (sort === 'liked') return kept.sort((a, b) => b.likedAt.localeCompare(a.likedAt))
  if (sort === 'aired') {
    // Newest first; titles without a date last.
    return kept.sort((a, b) => (b.anime.beginAt ?? '').localeCompare(a.anime.beginAt ?? ''))
  }
  if (sort === 'title') return kept.sort((a, b) => titleOf(a.anime).localeCompare(titleOf(b.anime)))
  return kept
}

/** The years the board's titles first aired in, newest first, for the year filter. */
export function yearsOf(likes: readonly Like[]): string[] {
  const years = new Set<string>()
  for (const like of likes) {
    const year = yearOf(like.anime)
    if (year !== null) years.add(year)
  }
  return [...years].sort().reverse()
}

/**
 * A key between two neighbours' keys, to show a move before the server answers; null when the
 * keys are not ones the board can place between (the server's answer then shows the move).
 */
export function keyBetween(before: string | null, after: string | null): string | null {
  try {
    return generateKeyBetween(before, after)
  } catch {
    return null
  }
}

/** The board with one like changed as `change` says, in the query cache's shape. */
export function withLike(board: Board, id: string, change: (like: Like) => Like): Board {
  return {
    ...board,
    likes: board.likes.map((like) => (like.anime.id === id ? change(like) : like)),
  }
}
