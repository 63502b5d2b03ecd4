import { useId } from 'react'
import { Link } from 'wouter'
import { Button, Notice } from '@client/components/ui'
import { useStrings } from '@client/lib/i18n/i18n'
import { AnimeSearch } from './anime-search'
import { TitleCard } from './browse-page'
import { useBrowse } from './likes-query'
import { ANIME } from './strings'
import { useHearts } from './use-hearts'

/** Titles of the newest season Home shows; the browse page has the rest. */
const ROW_LENGTH = 8

/**
 * Home's part of the catalog: the search box, and a row of the newest season the catalog has,
 * named by its season and year (an old catalog never claims to be "now"), with hearts. `uid` is
 * the signed-in user (null signed out); `onSignIn` opens the account panel.
 */
export function HomeCatalog({ uid, onSignIn }: { uid: string | null; onSignIn: () => void }) {
  const strings = useStrings('anime', ANIME)
  const hearts = useHearts(uid, onSignIn)
  const newest = useBrowse({})
  const answer = newest.data?.pages[0]
  const headingId = useId()
  const name =
    answer?.year == null || answer.season === null
      ? null
      : strings.seasonOfYear(strings.season[answer.season], answer.year)

  return (
    <div className="space-y-6">
      <AnimeSearch isLiked={hearts.isLiked} isBusy={hearts.isBusy} onHeart={hearts.toggle} />
      {hearts.notices}
      <section aria-labelledby={headingId} aria-busy={newest.isPending} className="space-y-3">
        <div>
          <h2 id={headingId} className="truncate text-2xl font-bold text-ink">
            {name ?? strings.home.title}
          </h2>
          <p className="mt-1 text-ink-muted">{strings.home.newest}</p>
        </div>
        {/* One height whatever it holds, so the titles arriving move nothing below. */}
        <div className="h-60">
          {newest.isError ? (
            <div className="space-y-3">
              <Notice tone="error">{strings.browse.failed}</Notice>
              <Button
                variant="secondary"
                busy={newest.isFetching}
                onClick={() => void newest.refetch()}
              >
                {strings.browse.tryAgain}
              </Button>
            </div>
          ) : answer === undefined ? (
            <div className="h-56 animate-pulse rounded-2xl bg-accent-soft" />
          ) : answer.results.length === 0 ? (
            <p className="text-ink">{strings.browse.emptyCatalog}</p>
          ) : (
            <ul className="flex h-full snap-x gap-4 overflow-x-auto pb-4">
              {answer.results.slice(0, ROW_LENGTH).map((anime) => (
                <TitleCard
                  key={anime.id}
                  anime={anime}
                  hearts={hearts}
                  className="h-56 w-48 shrink-0 snap-start"
                />
              ))}
            </ul>
          )}
        </div>
        <p>
          <Link to="/anime" className="font-semibold text-accent underline underline-offset-4">
            {strings.home.all}
          </Link>
        </p>
      </section>
    </div>
  )
}
