import { AnimeSearchResultsSchema, LikeSchema } from '@shared/anime'
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
