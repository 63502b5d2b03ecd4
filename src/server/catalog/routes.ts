import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import {
  ANIME_SEARCH_DEFAULT_LIMIT,
  AnimeBrowseQuerySchema,
  AnimeIdSchema,
  AnimeSearchQuerySchema,
} from '../../shared/anime'
import { apiError, invalidInput } from '../http/errors'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { SERVER_MESSAGES } from '../http/messages'
import { readBrowseCursor } from './catalog-browse'
import type { CatalogStore } from './catalog-store'
import type { CatalogSearch } from './search'

export interface CatalogDeps {
  catalog: CatalogStore
  search: CatalogSearch
  limits: RouteLimits
}

/**
 * The anime catalog, at /api/anime (docs/api.md "Anime"): browse by season, search and a title's
 * page data. Open
 * to signed-out visitors, counted per client address like the other public reads.
 */
export function catalogRoutes({ catalog, search, limits }: CatalogDeps) {
  return new Hono()
    .get(
      '/',
      limits.perAddress(LIMITS.publicRead),
      zValidator('query', AnimeBrowseQuerySchema, invalidInput),
      async (c) => {
        const { year, season, type, cursor } = c.req.valid('query')
        const after = cursor === undefined ? null : readBrowseCursor(cursor)
        if (after === undefined) {
          return apiError(c, 400, 'INVALID_INPUT', SERVER_MESSAGES.invalidInput, [
            { field: 'cursor', message: 'not a cursor this server gave' },
          ])
        }
        return c.json(
          await catalog.browse({
            year: year ?? null,
            season: season ?? null,
            type: type ?? null,
            after,
          }),
        )
      },
    )
    .get(
      '/search',
      limits.perAddress(LIMITS.publicRead),
      zValidator('query', AnimeSearchQuerySchema, invalidInput),
      async (c) => {
        const { q, limit } = c.req.valid('query')
        const results = await search.search(q, limit ?? ANIME_SEARCH_DEFAULT_LIMIT)
        return c.body(results, 200, { 'Content-Type': 'application/json' })
      },
    )
    .get('/:id', limits.perAddress(LIMITS.publicRead), async (c) => {
      const id = AnimeIdSchema.safeParse(c.req.param('id'))
      const anime = id.success ? await catalog.find(id.data) : undefined
      if (anime === undefined) return apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.noSuchAnime)
      return c.json(anime)
    })
}
