import {
  ANIME_BROWSE_PAGE_SIZE,
  ANIME_SEASONS,
  AnimeIdSchema,
  seasonOf,
  type AnimeBrowse,
  type AnimeSeason,
  type AnimeType,
} from '../../shared/anime'
import type { Database } from '../db/database'
import { toSummary } from './title-summary'

/** What browse reads: a season, a year (season null) or the newest season (year null). */
export interface BrowseRequest {
  year: number | null
  season: AnimeSeason | null
  type: AnimeType | null
  /** Where the last page ended: its last title's first air date and id. */
  after: { beginAt: string; id: string } | null
}

/**
 * The first instant of a season, or of a year (a season's months run from 0), as stored: the
 * ISO 8601 UTC time of midnight in Japan, where seasons are counted (shared seasonOf).
 */
function seasonStart(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 1) - 9 * 60 * 60 * 1000).toISOString()
}

/**
 * One page of a season's or a year's titles, by first air date and then id; with neither
 * asked, the newest season's. Titles without a first air date are in no season.
 */
export async function browseCatalog(
  db: Database['db'],
  { year, season, type, after }: BrowseRequest,
): Promise<AnimeBrowse> {
  const bounds = await db
    .selectFrom('catalog_titles')
    .select((eb) => [eb.fn.min('begin_at').as('earliest'), eb.fn.max('begin_at').as('latest')])
    .where('begin_at', '<>', '')
    .executeTakeFirst()
  const latest = seasonOf(bounds?.latest ?? null)
  const earliestYear = seasonOf(bounds?.earliest ?? null)?.year ?? null
  const shown = year === null ? latest : { year, season }
  if (shown === null) {
    return { year: null, season: null, latest, earliestYear, results: [], nextCursor: null }
  }
  const month = shown.season === null ? 0 : ANIME_SEASONS.indexOf(shown.season) * 3
  const from = seasonStart(shown.year, month)
  const until = seasonStart(shown.year, month + (shown.season === null ? 12 : 3))
  let query = db
    .selectFrom('catalog_titles')
    .select(['id', 'title', 'lang', 'translations', 'type', 'begin_at'])
    .where('begin_at', '>=', from)
    .where('begin_at', '<', until)
  if (type !== null) query = query.where('type', '=', type)
  if (after !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('begin_at', '>', after.beginAt),
        eb.and([eb('begin_at', '=', after.beginAt), eb('id', '>', after.id)]),
      ]),
    )
  }
  // One more than a page: whether it comes says whether there is a next page.
  const rows = await query
    .orderBy('begin_at')
    .orderBy('id')
    .limit(ANIME_BROWSE_PAGE_SIZE + 1)
    .execute()
  const page = rows.slice(0, ANIME_BROWSE_PAGE_SIZE)
  const last = page.at(-1)
  return {
    year: shown.year,
    season: shown.season,
    latest,
    earliestYear,
    results: page.map(toSummary),
    nextCursor:
      rows.length > ANIME_BROWSE_PAGE_SIZE && last !== undefined
        ? browseCursor({ beginAt: last.begin_at, id: last.id })
        : null,
  }
}

/** The cursor of a browse answer: where its page ended, opaque to clients. */
export const browseCursor = ({ beginAt, id }: { beginAt: string; id: string }) =>
  Buffer.from(`${beginAt}\n${id}`).toString('base64url')

/** Where a cursor says the last page ended; undefined for one this server never gave. */
export function readBrowseCursor(cursor: string): { beginAt: string; id: string } | undefined {
  const [beginAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('\n')
  if (beginAt === undefined || id === undefined || rest.length > 0) return undefined
  if (Number.isNaN(Date.parse(beginAt)) || !AnimeIdSchema.safeParse(id).success) return undefined
  return { beginAt, id }
}
