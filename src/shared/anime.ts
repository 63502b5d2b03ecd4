// zod/mini, not zod: the client's anime pages load this (docs/architecture.md "Client").
import * as z from 'zod/mini'

/** The catalog's kinds of title, as bangumi-data names them. */
export const ANIME_TYPES = ['tv', 'web', 'movie', 'ova'] as const
export type AnimeType = (typeof ANIME_TYPES)[number]

/** The languages bangumi-data gives titles in. */
export const ANIME_LANGUAGES = ['ja', 'en', 'zh-Hans', 'zh-Hant'] as const
export type AnimeLanguage = (typeof ANIME_LANGUAGES)[number]

/** A catalog id: `bgm-123` for Bangumi subject 123 (server catalog/bangumi-data.ts). */
export const ANIME_ID_MAX_LENGTH = 100
export const AnimeIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(ANIME_ID_MAX_LENGTH), z.regex(/^[a-z]+-[A-Za-z0-9_]+$/))

/** A link to where the title is described ('info') or shown ('onair'). */
export const AnimeSiteSchema = z.object({
  /** bangumi-data's site name: `mal`, `netflix`… */
  site: z.string(),
  /** How the site calls itself. */
  name: z.string(),
  kind: z.enum(['info', 'onair']),
  /** The title's id on that site ('' when only a link is known). */
  id: z.string(),
  url: z.string(),
})
export type AnimeSite = z.infer<typeof AnimeSiteSchema>

/** What a search result and a list show of a title. */
export const AnimeSummarySchema = z.object({
  id: z.string(),
  /** As first published, in `lang`. */
  title: z.string(),
  lang: z.enum(ANIME_LANGUAGES),
  /** Its titles in other languages, by language. */
  translations: z.partialRecord(z.enum(ANIME_LANGUAGES), z.array(z.string())),
  type: z.enum(ANIME_TYPES),
  /** ISO 8601 or null: first air date (tv, web), release (movie), first volume (ova). */
  beginAt: z.nullable(z.string()),
})
export type AnimeSummary = z.infer<typeof AnimeSummarySchema>

/** A title page's data: GET /api/anime/:id. */
export const AnimeSchema = z.extend(AnimeSummarySchema, {
  endAt: z.nullable(z.string()),
  /** ISO 8601 repeating interval of the weekly slot (`R/2024-04-06T15:00:00.000Z/P7D`), or null. */
  broadcast: z.nullable(z.string()),
  officialSite: z.nullable(z.string()),
  sites: z.array(AnimeSiteSchema),
  /** How many people on this Mofu like it. */
  likes: z.number(),
})
export type Anime = z.infer<typeof AnimeSchema>

export const ANIME_SEARCH_MAX_QUERY = 100
export const ANIME_SEARCH_DEFAULT_LIMIT = 20
export const ANIME_SEARCH_MAX_LIMIT = 50

export const AnimeSearchQuerySchema = z.object({
  q: z.string().check(z.maxLength(ANIME_SEARCH_MAX_QUERY)),
  limit: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/)),
      z.pipe(
        z.transform(Number),
        z.number().check(z.minimum(1), z.maximum(ANIME_SEARCH_MAX_LIMIT)),
      ),
    ),
  ),
})

export const AnimeSearchResultsSchema = z.object({ results: z.array(AnimeSummarySchema) })
export type AnimeSearchResults = z.infer<typeof AnimeSearchResultsSchema>

/** Katakana ァ (U+30A1) to ヶ (U+30F6) sit 0x60 above their hiragana. */
const KATAKANA_TO_HIRAGANA = 0x60

/**
 * A title or a query as search compares them: NFKC (full-width Latin and half-width kana to
 * their usual forms), lower case, katakana as hiragana, and only letters and digits kept, so
 * case, punctuation and spaces never decide a match. The long-vowel mark ー is a letter and stays.
 * Folded twice: what dropping a character brings together (two Hangul jamo) NFKC joins again.
 */
export function searchKey(text: string): string {
  return fold(fold(text))
}

function fold(text: string): string {
  let key = ''
  for (const char of text.normalize('NFKC').toLowerCase()) {
    const code = char.codePointAt(0) ?? 0
    if (code >= 0x30a1 && code <= 0x30f6) key += String.fromCodePoint(code - KATAKANA_TO_HIRAGANA)
    else if (/[\p{L}\p{N}]/u.test(char)) key += char
  }
  return key
}

/** Where a liked title stands for its owner (the board, docs/using.md "The board"). */
export const LIKE_STATUSES = ['want', 'watching', 'watched', 'dropped'] as const
export type LikeStatus = (typeof LIKE_STATUSES)[number]

/** One title the signed-in user likes: GET /api/me/likes and PUT /api/me/likes/:id. */
export const LikeSchema = z.object({
  anime: AnimeSummarySchema,
  /** The board's folder it sits in; null for Unsorted, where a new heart lands. */
  folderId: z.nullable(z.string()),
  /** Its place in the folder: likes sort by this key (a fractional index), then by anime id. */
  orderKey: z.string(),
  likedAt: z.string(),
  /** Where the title stands for its owner, or null until they say. */
  status: z.nullable(z.enum(LIKE_STATUSES)),
  /** Private to the owner; '' for none. */
  note: z.string(),
  /**
   * Its place among the pinned titles (a fractional index, as orderKey), null when not pinned.
   * Absent reads as not pinned: a server of the release before pins answers without it.
   */
  pinKey: z._default(z.nullable(z.string()), null),
})
export type Like = z.infer<typeof LikeSchema>

/** The four seasons a title begins in, by the month of its first air date. */
export const ANIME_SEASONS = ['winter', 'spring', 'summer', 'autumn'] as const
export type AnimeSeason = (typeof ANIME_SEASONS)[number]

/** Japan's offset from UTC: the catalog's titles air there, and their seasons are Japan's. */
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000

/**
 * The season and year a title begins in, or null without a valid date: January to March is
 * winter, April to June spring, July to September summer, October to December autumn, by the
 * date in Japan (a first episode at 2024-03-31T15:00Z airs on 1 April there, in spring).
 */
export function seasonOf(beginAt: string | null): { year: number; season: AnimeSeason } | null {
  if (beginAt === null) return null
  const time = Date.parse(beginAt)
  if (Number.isNaN(time)) return null
  const inJapan = new Date(time + JAPAN_OFFSET_MS)
  return {
    year: inJapan.getUTCFullYear(),
    season: ANIME_SEASONS[Math.floor(inJapan.getUTCMonth() / 3)] ?? 'winter',
  }
}

/** A season of a year: what Home's row and the browse page are named by ("Spring 2026"). */
export const AnimeSeasonOfYearSchema = z.object({
  year: z.number(),
  season: z.enum(ANIME_SEASONS),
})

/** Titles one page of the browse answer holds. */
export const ANIME_BROWSE_PAGE_SIZE = 24
/** The years browse accepts: the catalog begins in the 1910s and announces titles ahead. */
export const ANIME_BROWSE_YEARS = { min: 1900, max: 2999 } as const
/** The browse answer's cursor: opaque to clients, at most this long. */
export const ANIME_BROWSE_MAX_CURSOR = 300

/**
 * GET /api/anime: a season (`year` and `season`), a whole year (`year` alone) or, with neither,
 * the newest season in the catalog; `type` narrows it; `cursor` is the last answer's nextCursor.
 */
export const AnimeBrowseQuerySchema = z
  .object({
    year: z.optional(
      z.pipe(
        z.string().check(z.regex(/^\d{4}$/)),
        z.pipe(
          z.transform(Number),
          z.number().check(z.minimum(ANIME_BROWSE_YEARS.min), z.maximum(ANIME_BROWSE_YEARS.max)),
        ),
      ),
    ),
    season: z.optional(z.enum(ANIME_SEASONS)),
    type: z.optional(z.enum(ANIME_TYPES)),
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(ANIME_BROWSE_MAX_CURSOR))),
  })
  .check(
    z.refine((query) => query.season === undefined || query.year !== undefined, {
      message: 'a season needs its year',
      path: ['year'],
    }),
  )

/** The browse answer: the titles of the season or year shown, by first air date, then id. */
export const AnimeBrowseSchema = z.object({
  /** The year shown: as asked, the newest season's when none was, null for an empty catalog. */
  year: z.nullable(z.number()),
  /** The season shown; null for a whole year. */
  season: z.nullable(z.enum(ANIME_SEASONS)),
  /** The newest season in the catalog, and the first year it has: what a browser offers. */
  latest: z.nullable(AnimeSeasonOfYearSchema),
  earliestYear: z.nullable(z.number()),
  results: z.array(AnimeSummarySchema),
  /** Asks for the next page; null on the last. */
  nextCursor: z.nullable(z.string()),
})
export type AnimeBrowse = z.infer<typeof AnimeBrowseSchema>

/** The element of a server-drawn title page that carries its data (like a profile's). */
export const SERVED_ANIME_ELEMENT_ID = 'mofu-anime'
