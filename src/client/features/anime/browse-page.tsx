import { useId, type FormEvent } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import {
  ANIME_SEASONS,
  ANIME_TYPES,
  AnimeBrowseQuerySchema,
  type AnimeBrowse,
  type AnimeSummary,
} from '@shared/anime'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { TitleArt } from '@client/components/art/title-art'
import { PageHero } from '@client/components/page-hero'
import { Button, Notice } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useStrings, type Translation } from '@client/lib/i18n/i18n'
import type { BrowseChoice } from './anime-api'
import { AnimeTitle } from './anime-title'
import { HeartButton } from './heart-button'
import { useBrowse } from './likes-query'
import { ANIME } from './strings'
import { useHearts } from './use-hearts'

type Hearts = ReturnType<typeof useHearts>

/** The choice in the address (`?year=2026&season=spring&type=tv`); nothing for what is wrong. */
function choiceOf(search: string): BrowseChoice {
  const read = AnimeBrowseQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)))
  if (!read.success) return {}
  const { year, season, type } = read.data
  return { year, season, type }
}

/**
 * /anime: the catalog by the season a title began in, a year, and its type, a page at a time;
 * with nothing chosen, the newest season the catalog has. `uid` is the signed-in user (null
 * signed out); `onSignIn` opens the account panel.
 */
export function AnimeBrowsePage({ uid, onSignIn }: { uid: string | null; onSignIn: () => void }) {
  const strings = useStrings('anime', ANIME)
  const hearts = useHearts(uid, onSignIn)
  const choice = choiceOf(useSearch())
  const browse = useBrowse(choice)
  const first = browse.data?.pages[0]
  const titles = browse.data?.pages.flatMap((page) => page.results) ?? []
  const headingId = useId()

  return (
    <div className="space-y-8">
      <PageHero
        title={strings.browse.title}
        tagline={strings.browse.tagline}
        art={<MofuMascot mood="happy" size={120} />}
      />
      {first === undefined ? (
        <div aria-hidden="true" className="h-36 animate-pulse rounded-3xl bg-accent-soft sm:h-24" />
      ) : (
        <BrowseForm answer={first} type={choice.type} />
      )}
      {hearts.notices}
      {browse.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label={strings.browse.loading}
          className="grid gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3"
        >
          <div className="h-64 animate-pulse rounded-2xl bg-accent-soft" />
          <div className="h-64 animate-pulse rounded-2xl bg-accent-soft" />
          <div className="h-64 animate-pulse rounded-2xl bg-accent-soft" />
        </div>
      ) : browse.isError ? (
        <div className="space-y-3">
          <Notice tone="error">{`${strings.browse.failed} ${errorMessage(browse.error)}`}</Notice>
          <Button
            variant="secondary"
            busy={browse.isFetching}
            onClick={() => void browse.refetch()}
          >
            {strings.browse.tryAgain}
          </Button>
        </div>
      ) : (
        <section aria-labelledby={headingId} className="space-y-4">
          <h2 id={headingId} className="text-2xl font-bold text-ink">
            {shownName(browse.data.pages[0] ?? null, strings)}
          </h2>
          {titles.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-line bg-raised p-6 text-center text-ink">
              {first?.latest === null ? strings.browse.emptyCatalog : strings.browse.empty}
            </p>
          ) : (
            <TitleGrid titles={titles} hearts={hearts} />
          )}
          {browse.hasNextPage && (
            <Button
              variant="secondary"
              busy={browse.isFetchingNextPage}
              onClick={() => void browse.fetchNextPage()}
            >
              {strings.browse.more}
            </Button>
          )}
        </section>
      )}
    </div>
  )
}

type Strings = Translation<typeof ANIME>

/** "Spring 2026", or "2026" for a whole year. */
function shownName(answer: AnimeBrowse | null, strings: Strings): string {
  if (answer?.year === null || answer === null) return strings.browse.title
  return answer.season === null
    ? String(answer.year)
    : strings.seasonOfYear(strings.season[answer.season], answer.year)
}

/** The choice of a season, a year and a type; shown is what the last answer holds. */
function BrowseForm({ answer, type }: { answer: AnimeBrowse; type: BrowseChoice['type'] }) {
  const strings = useStrings('anime', ANIME)
  const [, navigate] = useLocation()
  const id = useId()
  const latest = answer.latest?.year ?? answer.year
  const earliest = answer.earliestYear ?? latest
  const years =
    latest === null || earliest === null
      ? []
      : Array.from({ length: latest - earliest + 1 }, (_, n) => latest - n)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const query = new URLSearchParams()
    for (const field of ['year', 'season', 'type']) {
      const value = form.get(field)
      if (typeof value === 'string' && value !== '') query.set(field, value)
    }
    navigate(`/anime?${query}`)
  }

  const selectClass =
    'mt-1 w-full rounded-xl border border-line bg-raised px-3 py-2 text-ink focus:border-sakura-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-sakura-400'
  return (
    <form
      // A new answer shows its own choice.
      key={`${answer.year}-${answer.season}-${type}`}
      aria-label={strings.browse.filters}
      onSubmit={submit}
      className="grid items-end gap-3 rounded-3xl border border-line bg-raised p-4 shadow-sm sm:grid-cols-[1fr_1fr_1fr_auto]"
    >
      <div>
        <label htmlFor={`${id}-season`} className="text-sm font-bold text-ink">
          {strings.browse.season}
        </label>
        <select
          id={`${id}-season`}
          name="season"
          defaultValue={answer.season ?? ''}
          className={selectClass}
        >
          {ANIME_SEASONS.map((season) => (
            <option key={season} value={season}>
              {strings.season[season]}
            </option>
          ))}
          <option value="">{strings.browse.wholeYear}</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-year`} className="text-sm font-bold text-ink">
          {strings.browse.year}
        </label>
        <select
          id={`${id}-year`}
          name="year"
          defaultValue={answer.year ?? ''}
          className={selectClass}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-type`} className="text-sm font-bold text-ink">
          {strings.browse.type}
        </label>
        <select id={`${id}-type`} name="type" defaultValue={type ?? ''} className={selectClass}>
          <option value="">{strings.browse.allTypes}</option>
          {ANIME_TYPES.map((option) => (
            <option key={option} value={option}>
              {strings.type[option]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">{strings.browse.show}</Button>
    </form>
  )
}

/** Titles as cards: the art, the title (a link to its page) and the heart. */
export function TitleGrid({ titles, hearts }: { titles: AnimeSummary[]; hearts: Hearts }) {
  return (
    <ul className="grid gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {titles.map((anime) => (
        <TitleCard key={anime.id} anime={anime} hearts={hearts} />
      ))}
    </ul>
  )
}

/** A title's card; `className` sizes it where a row needs every card alike. */
export function TitleCard({
  anime,
  hearts,
  className = '',
}: {
  anime: AnimeSummary
  hearts: Hearts
  className?: string
}) {
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-2xl border border-line bg-raised shadow-sm ${className}`}
    >
      <TitleArt anime={anime} className="aspect-3/2 h-auto w-full" />
      <div className="flex items-start gap-2 p-3">
        <Link
          to={`/anime/${anime.id}`}
          className="min-w-0 flex-1 rounded-lg hover:underline focus-visible:ring-2 focus-visible:ring-sakura-400 focus-visible:outline-none"
        >
          <AnimeTitle anime={anime} />
        </Link>
        <HeartButton
          anime={anime}
          liked={hearts.isLiked(anime.id)}
          busy={hearts.isBusy(anime.id)}
          onToggle={() => hearts.toggle(anime)}
        />
      </div>
    </li>
  )
}
