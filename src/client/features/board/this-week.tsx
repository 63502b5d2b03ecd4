import { useId, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import type { AnimeSummary } from '@shared/anime'
import { EpisodesSchema, type Episode } from '@shared/episodes'
import type { Language } from '@shared/language'
import { boardQueryKey, fetchBoard } from '@client/lib/board-cache'
import { requestJson } from '@client/lib/http'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import { CalendarFeedControls } from './calendar-feed'
import { BOARD_WEEK } from './week-strings'

const WEEK_DAYS = 7
/** Episodes a day shows until "Show all" is pressed: a day of dozens still reads at a glance. */
const DAY_SHOWN = 5
const LOCALE: Record<Language, string> = { en: 'en-GB', ja: 'ja-JP' }

/** The liked titles as one string, the same whatever their order: it changes with a heart. */
const likedIds = (board: { likes: { anime: { id: string } }[] }) =>
  board.likes
    .map((like) => like.anime.id)
    .sort()
    .join(' ')

/** One formatter a time zone: making one costs far more than formatting with it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** `2026-03-07`: the day a moment falls on in `timeZone`, to group episodes by. */
function dayKey(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    dayFormats.set(timeZone, format)
  }
  return format.format(at).slice(0, 10)
}

interface Day {
  key: string
  /** The first episode's moment: the day's heading names its day. */
  first: Date
  episodes: Episode[]
}

function byDay(episodes: readonly Episode[], timeZone: string): Day[] {
  const days: Day[] = []
  for (const episode of episodes) {
    const at = new Date(episode.at)
    const key = dayKey(at, timeZone)
    const last = days.at(-1)
    if (last?.key === key) last.episodes.push(episode)
    else days.push({ key, first: at, episodes: [episode] })
  }
  return days
}

/** The title's translation into the language shown, when the data has one and it differs. */
function translationOf(anime: AnimeSummary, language: Language): string | null {
  if (anime.lang === language) return null
  const translated = anime.translations[language]?.[0]
  return translated === undefined || translated === anime.title ? null : translated
}

/**
 * "This week" on the board: the episodes of the liked titles in the seven days from now, by day
 * and time in the viewer's own time zone, the next first, each with where to watch it; then the
 * calendar feed's controls. Asked for apart from the board (GET /api/me/episodes), again only
 * when the titles liked change, so the board's own rendering never waits on it.
 */
export function ThisWeek({ uid }: { uid: string }) {
  const strings = useStrings('boardWeek', BOARD_WEEK)
  const language = useLanguage()
  const headingId = useId()
  // The moment the page opened: the week runs from it, and a re-render never moves it.
  const [from] = useState(() => new Date())
  const [timeZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
  const liked = useQuery(
    { queryKey: boardQueryKey(uid), queryFn: fetchBoard, select: likedIds },
    queryClient,
  )
  const week = useQuery(
    {
      queryKey: ['board-week', uid, from.toISOString(), liked.data],
      queryFn: () =>
        requestJson(
          `/api/me/episodes?from=${encodeURIComponent(from.toISOString())}&days=${WEEK_DAYS}`,
          EpisodesSchema,
        ),
      enabled: liked.data !== undefined,
      placeholderData: (previous) => previous,
    },
    queryClient,
  )
  const locale = LOCALE[language]
  const { dayName, timeOf } = useMemo(
    () => ({
      dayName: new Intl.DateTimeFormat(locale, {
        timeZone,
        weekday: 'long',
        month: 'long',
        day: 'numeric',
      }),
      timeOf: new Intl.DateTimeFormat(locale, {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
    }),
    [locale, timeZone],
  )
  const today = dayKey(from, timeZone)
  const days = useMemo(
    () => (week.data === undefined ? [] : byDay(week.data.episodes, timeZone)),
    [week.data, timeZone],
  )

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-3xl border border-line bg-raised p-4 sm:p-6"
    >
      <div>
        <h2 id={headingId} className="text-xl font-bold text-ink sm:text-2xl">
          {strings.title}
        </h2>
        <p className="mt-1 max-w-prose text-sm text-ink-muted">
          {strings.intro} {strings.zone(timeZone.replaceAll('_', ' '))}
        </p>
      </div>
      {week.isError ? (
        <p role="alert" className="text-sm font-medium text-ink">
          {strings.failed}
        </p>
      ) : week.data === undefined ? (
        <p className="text-sm text-ink-muted">{strings.loading}</p>
      ) : days.length === 0 ? (
        <p className="max-w-prose text-ink">{strings.none}</p>
      ) : (
        <ol className="space-y-4">
          {days.map((day) => (
            <DayItem
              key={day.key}
              day={day}
              heading={
                day.key === today
                  ? `${strings.today} · ${dayName.format(day.first)}`
                  : dayName.format(day.first)
              }
              timeOf={timeOf}
              language={language}
            />
          ))}
        </ol>
      )}
      <CalendarFeedControls />
    </section>
  )
}

/** One day: its first DAY_SHOWN episodes, and the rest while asked for. */
function DayItem({
  day,
  heading,
  timeOf,
  language,
}: {
  day: Day
  heading: string
  timeOf: Intl.DateTimeFormat
  language: Language
}) {
  const strings = useStrings('boardWeek', BOARD_WEEK)
  const listId = useId()
  const [whole, setWhole] = useState(false)
  const shown = whole ? day.episodes : day.episodes.slice(0, DAY_SHOWN)
  return (
    <li>
      <h3 className="font-bold text-ink">{heading}</h3>
      <ul id={listId} className="mt-2 space-y-2">
        {shown.map((episode) => (
          <EpisodeItem
            key={`${episode.anime.id}-${episode.at}`}
            episode={episode}
            time={timeOf.format(new Date(episode.at))}
            translation={translationOf(episode.anime, language)}
            watchLabel={strings.watch}
          />
        ))}
      </ul>
      {day.episodes.length > DAY_SHOWN && (
        <button
          type="button"
          aria-controls={listId}
          aria-expanded={whole}
          onClick={() => setWhole(!whole)}
          className="mt-2 rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-ink hover:bg-accent-soft"
        >
          {whole ? strings.showFewer : strings.showAll(day.episodes.length)}
        </button>
      )}
    </li>
  )
}

function EpisodeItem({
  episode,
  time,
  translation,
  watchLabel,
}: {
  episode: Episode
  time: string
  translation: string | null
  watchLabel: string
}) {
  return (
    <li className="flex flex-col gap-1 rounded-2xl bg-sunken px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
      <time dateTime={episode.at} className="shrink-0 font-bold text-ink tabular-nums">
        {time}
      </time>
      <span className="min-w-0 flex-1">
        <Link
          href={`/anime/${encodeURIComponent(episode.anime.id)}`}
          className="font-semibold wrap-break-word text-ink underline-offset-4 hover:underline"
        >
          <span lang={episode.anime.lang} translate="no">
            {episode.anime.title}
          </span>
        </Link>
        {translation !== null && (
          <span translate="no" className="block text-sm wrap-break-word text-ink-muted">
            {translation}
          </span>
        )}
      </span>
      {episode.watch.length > 0 && (
        <ul aria-label={watchLabel} className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
          {episode.watch.map((site) => (
            <li key={`${site.site}-${site.url}`}>
              <a
                href={site.url}
                rel="noopener noreferrer"
                className="text-accent underline underline-offset-4"
              >
                <bdi translate="no">{site.name}</bdi>
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
