// zod/mini, not zod: the board's This week section loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { AnimeSiteSchema, AnimeSummarySchema } from './anime'

const DAY_MS = 24 * 60 * 60 * 1000
/** Japan keeps no summer time: its day starts at 15:00 UTC the day before, all year. */
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000

/** The longest stretch one request of episodes covers: the calendar feed's eight weeks. */
export const EPISODES_MAX_DAYS = 56
/** How far ahead the calendar feed lists each liked title's episodes. */
export const CALENDAR_FEED_DAYS = EPISODES_MAX_DAYS
/** How long a calendar event of one episode lasts: the usual half-hour slot. */
export const EPISODE_MINUTES = 30

/** What a title's episodes are worked out from, as the catalog stores it. */
export interface AirDates {
  /** ISO 8601 repeating interval: `R/2024-04-06T15:00:00.000Z/P7D`; '' or null for none. */
  broadcast: string | null
  /** First and last air dates, ISO 8601; '' or null when the data does not know them. */
  beginAt: string | null
  endAt: string | null
}

/** The slot's repeat in milliseconds: a week, a day, or none for a single showing. */
const PERIODS: Record<string, number> = { P7D: 7 * DAY_MS, P1W: 7 * DAY_MS, P1D: DAY_MS, P0D: 0 }

/** The first instant of the Japanese day `iso` falls on. */
const japanDayStart = (ms: number) =>
  Math.floor((ms + JAPAN_OFFSET_MS) / DAY_MS) * DAY_MS - JAPAN_OFFSET_MS

const instant = (iso: string | null) => {
  if (iso === null || iso === '') return null
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? null : ms
}

/**
 * When a title's episodes air in [from, until): its slot's start and every repeat after it,
 * from its first air date's day to its last's (days in Japan, where the dates are counted; a
 * title with no last air date airs on). `R12/…` stops after twelve showings. Nothing for a
 * title without a slot this can read.
 */
export function episodesBetween(dates: AirDates, from: number, until: number): number[] {
  const match = /^R(\d*)\/([^/]+)\/(P[0-9YMWDTHS]+)$/.exec(dates.broadcast ?? '')
  if (match === null) return []
  const start = Date.parse(match[2] ?? '')
  const period = PERIODS[match[3] ?? '']
  if (Number.isNaN(start) || period === undefined) return []
  const count = match[1] === '' || match[1] === undefined ? Infinity : Number(match[1])
  const begin = instant(dates.beginAt)
  const end = instant(dates.endAt)
  const first = Math.max(from, begin === null ? start : japanDayStart(begin))
  const last = Math.min(until, end === null ? Infinity : japanDayStart(end) + DAY_MS)
  if (period === 0) return start >= first && start < last && count > 0 ? [start] : []
  const times: number[] = []
  for (let n = Math.max(0, Math.ceil((first - start) / period)); n < count; n += 1) {
    const at = start + n * period
    if (at >= last) break
    times.push(at)
  }
  return times
}

/**
 * GET /api/me/episodes: the liked titles' episodes from `from` (the viewer's now) for `days`
 * days; the board's This week section asks for seven.
 */
export const EpisodesQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }),
  days: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,2}$/)),
      z.pipe(z.transform(Number), z.number().check(z.minimum(1), z.maximum(EPISODES_MAX_DAYS))),
    ),
  ),
})

/** One coming episode of a liked title: when it airs (ISO 8601, UTC) and where to watch it. */
export const EpisodeSchema = z.object({
  anime: AnimeSummarySchema,
  at: z.string(),
  /** The title's where-to-watch links. */
  watch: z.array(AnimeSiteSchema),
})
export type Episode = z.infer<typeof EpisodeSchema>

/** The answer: the episodes in the order they air, the next first. */
export const EpisodesSchema = z.object({ episodes: z.array(EpisodeSchema) })
export type Episodes = z.infer<typeof EpisodesSchema>

/**
 * POST /api/me/calendar: `new` turns the feed on with a new address (the one before, if any,
 * answers 404 from then on); `off` turns it off.
 */
export const CalendarFeedChangeSchema = z.object({ feed: z.enum(['new', 'off']) })

/**
 * GET /api/me/calendar: whether the account's calendar feed is on and since when. The address
 * holds a secret kept only as a hash, so it is in the answer that makes it and never again.
 */
export const CalendarFeedSchema = z.object({
  enabled: z.boolean(),
  /** ISO 8601: when the current address was made. */
  since: z.nullable(z.string()),
  /** The address a calendar app subscribes to: only in the answer that made it. */
  url: z.nullable(z.string()),
})
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>
