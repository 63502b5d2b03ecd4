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
