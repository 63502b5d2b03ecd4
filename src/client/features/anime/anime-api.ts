import {
  AnimeBrowseSchema,
  AnimeSchema,
  AnimeSearchResultsSchema,
  LikeSchema,
  type AnimeSeason,
  type AnimeType,
} from '@shared/anime'
import { requestJson, send } from '@client/lib/http'

/** The search box asks for this many titles at most. */
export const SEARCH_LIMIT = 8

export const searchAnime = (query: string) =>
  requestJson(
    `/api/anime/search?${new URLSearchParams({ q: query, limit: String(SEARCH_LIMIT) })}`,
    AnimeSearchResultsSchema,
  )

export const likeAnime = (id: string) =>
  requestJson(`/api/me/likes/${encodeURIComponent(id)}`, LikeSchema, { method: 'PUT' })

export const unlikeAnime = (id: string) =>
  send(`/api/me/likes/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const fetchAnime = (id: string) =>
  requestJson(`/api/anime/${encodeURIComponent(id)}`, AnimeSchema)

/** What the browse page asks for: a season or a year; neither for the newest season. */
export interface BrowseChoice {
  year?: number
  season?: AnimeSeason
  type?: AnimeType
}

export function browseAnime(choice: BrowseChoice, cursor: string | null) {
  const query = new URLSearchParams()
  if (choice.year !== undefined) query.set('year', String(choice.year))
  if (choice.season !== undefined) query.set('season', choice.season)
  if (choice.type !== undefined) query.set('type', choice.type)
  if (cursor !== null) query.set('cursor', cursor)
  return requestJson(`/api/anime?${query}`, AnimeBrowseSchema)
}
