import { zValidator } from '@hono/zod-validator'
import { Hono, type Context } from 'hono'
import type { AnimeSummary } from '../../shared/anime'
import {
  CALENDAR_FEED_DAYS,
  CalendarFeedChangeSchema,
  EPISODE_MINUTES,
  EpisodesQuerySchema,
  type CalendarFeed,
  type Episode,
  type Episodes,
} from '../../shared/episodes'
import type { Language } from '../../shared/language'
import { apiError, invalidInput } from '../http/errors'
import { jsonBody } from '../http/json-body'
import { answerLanguage } from '../http/language'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { SERVER_MESSAGES } from '../http/messages'
import type { SecurityEvents } from '../security-events'
import type { SessionCheck } from '../sessions/session-check'
import type { CalendarStore } from './calendar-store'
import { icsCalendar, utcStamp, type CalendarEvent } from './ics'

export interface CalendarDeps {
  calendar: CalendarStore
  sessions: SessionCheck
  limits: RouteLimits
  events: SecurityEvents
  clientAddress: (c: Context) => string
  publicUrl: string
  clock: () => Date
}

/** The body of a change to the feed: `{"feed":"new"}`. */
const BODY_MAX_BYTES = 1024

/** A feed's address: PUBLIC_URL's origin and path, then /calendar/SECRET.ics. */
export const feedUrl = (publicUrl: string, secret: string) =>
  new URL(`calendar/${secret}.ics`, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href

/**
 * The signed-in user's episodes and calendar feed, at /api/me (docs/api.md "This week",
 * "Calendar feed"): the coming episodes of the titles they like, and the feed's address made,
 * replaced or turned off (POST, as each new address is a new secret), each change in the
 * account's activity.
 */
export function calendarRoutes({
  calendar,
  sessions,
  limits,
  events,
  clientAddress,
  publicUrl,
}: CalendarDeps) {
  const source = (c: Context, userId: string) => ({
    ip: clientAddress(c),
    reqId: (c.get('requestId' as never) as string | undefined) ?? null,
    userAgent: c.req.header('user-agent') ?? null,
    userId,
  })
  return new Hono()
    .get(
      '/episodes',
      sessions.required,
      limits.perUser(LIMITS.publicRead),
      zValidator('query', EpisodesQuerySchema, invalidInput),
      async (c) => {
        const { from, days } = c.req.valid('query')
        const episodes = await calendar.episodes(c.get('uid'), new Date(from), days ?? 7)
        return c.json({ episodes } satisfies Episodes)
      },
    )
    .get('/calendar', sessions.required, async (c) => {
      const since = await calendar.since(c.get('uid'))
      return c.json({ enabled: since !== null, since, url: null } satisfies CalendarFeed)
    })
    .post(
      '/calendar',
      sessions.required,
      limits.perUser(LIMITS.calendarFeedChange),
      jsonBody(CalendarFeedChangeSchema, BODY_MAX_BYTES),
      async (c) => {
        const uid = c.get('uid')
        if (c.req.valid('json').feed === 'off') {
          if (await calendar.turnOff(uid)) await events('calendar-feed.disabled', source(c, uid))
          return c.json({ enabled: false, since: null, url: null } satisfies CalendarFeed)
        }
        const { secret, since } = await calendar.renew(uid)
        await events('calendar-feed.enabled', source(c, uid))
        return c.json({
          enabled: true,
          since,
          url: feedUrl(publicUrl, secret),
        } satisfies CalendarFeed)
      },
    )
}

/** The words of a feed, in the language its reader's calendar app asks for. */
const FEED_WORDS: Record<
  Language,
  { name: string; watch: string; onMofu: string; summary: (anime: AnimeSummary) => string }
> = {
  en: {
    name: 'Mofu: episodes of titles I like',
    watch: 'Where to watch:',
    onMofu: 'On Mofu:',
    summary: (anime) => {
      const english = anime.translations.en?.[0]
      return english === undefined || english === anime.title
        ? anime.title
        : `${anime.title} (${english})`
    },
  },
  ja: {
    name: 'Mofu：お気に入りの放送予定',
    watch: '配信：',
    onMofu: 'Mofuで見る：',
    summary: (anime) => anime.title,
  },
}

function eventOf(
  episode: Episode,
  words: (typeof FEED_WORDS)[Language],
  publicUrl: string,
  host: string,
): CalendarEvent {
  const start = new Date(episode.at)
  const page = new URL(`anime/${encodeURIComponent(episode.anime.id)}`, publicUrl).href
  const watch = episode.watch.map((site) => `${site.name}: ${site.url}`)
  return {
    uid: `${episode.anime.id}-${utcStamp(start)}@${host}`,
    start,
    end: new Date(start.getTime() + EPISODE_MINUTES * 60 * 1000),
    summary: words.summary(episode.anime),
    description: [
      ...(watch.length === 0 ? [] : [words.watch, ...watch, '']),
      `${words.onMofu} ${page}`,
    ].join('\n'),
    url: page,
  }
}

/**
 * GET /calendar/SECRET.ics (docs/using.md "Calendar feed"): the coming eight weeks of episodes of
 * the titles the feed's owner likes, as iCalendar. No session: a calendar app has only the
 * address. An address that opens no feed (never made, replaced, turned off, or mistyped) is
 * 404, the same in every case. Counted per client address, as the other reads without a session.
 */
export function calendarFeedRoutes({
  calendar,
  limits,
  publicUrl,
  clock,
}: Pick<CalendarDeps, 'calendar' | 'limits' | 'publicUrl' | 'clock'>) {
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`
  const host = new URL(publicUrl).host
  return new Hono().get('/:file', limits.perAddress(LIMITS.calendarFeed), async (c) => {
    const file = c.req.param('file')
    const uid = file.endsWith('.ics') ? await calendar.ownerOf(file.slice(0, -4)) : undefined
    if (uid === undefined) return apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.notFound)
    const now = clock()
    const words = FEED_WORDS[answerLanguage(c)]
    const episodes = await calendar.episodes(uid, now, CALENDAR_FEED_DAYS)
    const body = icsCalendar(
      { name: words.name, stamp: now },
      episodes.map((episode) => eventOf(episode, words, base, host)),
    )
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      // The address is a secret: no shared cache keeps the answer, and no page links it on.
      'Cache-Control': 'private, max-age=900',
      'Referrer-Policy': 'no-referrer',
    })
  })
}
