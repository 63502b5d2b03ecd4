import { createContext, useContext, useEffect, type ReactNode } from 'react'
import { Link } from 'wouter'
import {
  ANIME_LANGUAGES,
  AnimeSchema,
  SERVED_ANIME_ELEMENT_ID,
  seasonOf,
  type Anime,
  type AnimeSite,
} from '@shared/anime'
import { TitleArt } from '@client/components/art/title-art'
import { NotFoundPage } from '@client/components/not-found-page'
import { PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'
import { Button } from '@client/components/ui'
import { ApiError } from '@client/lib/http'
import { formatNumber } from '@client/lib/i18n/format'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import { inJapan, readSlot } from './air-times'
import { HTML_LANG, translationFor } from './anime-title'
import { HeartButton } from './heart-button'
import { animeKey, useAnime } from './likes-query'
import { SlotTimes } from './slot-times'
import { ANIME } from './strings'
import { animeHeadline, seasonName } from './title-headline'
import { useHearts } from './use-hearts'

/**
 * The title a server render of /anime/:id draws (the server's renderer provides it); undefined
 * in the browser, which looks the title up.
 */
const ServedAnime = createContext<Anime | undefined>(undefined)
export const ServedAnimeProvider = ServedAnime.Provider

/**
 * A page the server rendered carries its title: loaded with this page's code, before the page
 * hydrates, it is the look-up's answer, so the first render draws what the server drew.
 */
function takeServedAnime() {
  if (typeof document === 'undefined') return
  const element = document.getElementById(SERVED_ANIME_ELEMENT_ID)
  const match = /^\/anime\/([^/]+)$/.exec(window.location.pathname)
  if (element === null || match === null) return
  try {
    const served = AnimeSchema.safeParse(JSON.parse(element.textContent ?? ''))
    const id = decodeURIComponent(match[1] ?? '')
    if (served.success && served.data.id === id) queryClient.setQueryData(animeKey(id), served.data)
  } catch {
    // Not JSON: the page looks the title up as it would without it.
  }
}
takeServedAnime()

/**
 * /anime/:id: a title of the catalog, with its heart. `uid` is the signed-in user (null signed
 * out); `onSignIn` opens the account panel.
 */
export function AnimeTitlePage({
  id,
  uid,
  onSignIn,
}: {
  id: string
  uid: string | null
  onSignIn: () => void
}) {
  const served = useContext(ServedAnime)
  const hearts = useHearts(uid, onSignIn)
  return served === undefined ? (
    <LookedUp id={id} hearts={hearts} />
  ) : (
    <Shown anime={served} hearts={hearts} />
  )
}

type Hearts = ReturnType<typeof useHearts>

function LookedUp({ id, hearts }: { id: string; hearts: Hearts }) {
  const strings = useStrings('anime', ANIME)
  const lookup = useAnime(id)
  if (lookup.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label={strings.title.loading}
        className="h-56 animate-pulse rounded-3xl bg-accent-soft"
      />
    )
  }
  if (lookup.isError) {
    if (lookup.error instanceof ApiError && lookup.error.status === 404) return <NotFoundPage />
    return (
      <PageHero title={id} tagline={strings.title.notLoaded}>
        <Button variant="secondary" busy={lookup.isFetching} onClick={() => void lookup.refetch()}>
          {strings.title.tryAgain}
        </Button>
      </PageHero>
    )
  }
  return <Shown anime={lookup.data} hearts={hearts} />
}

const LINK_CLASS = 'font-semibold text-accent underline underline-offset-4 hover:decoration-2'

/** Only the web's own addresses become links (the data has typos such as `ttp://`). */
const isWebLink = (url: string) => /^https?:\/\//i.test(url)

function Shown({ anime, hearts }: { anime: Anime; hearts: Hearts }) {
  const strings = useStrings('anime', ANIME)
  const language = useLanguage()
  const headline = animeHeadline(anime, language, strings)
  useEffect(() => {
    // After the shell's own title (a layout effect), so this one stays.
    document.title = `${headline.title} · Mofu`
  }, [headline.title])

  const translated = translationFor(anime, language)
  const season = seasonOf(anime.beginAt)
  const others = ANIME_LANGUAGES.flatMap((lang) => {
    const titles = (anime.translations[lang] ?? []).filter((title) => title !== anime.title)
    return titles.length === 0 ? [] : [{ lang, titles }]
  })
  const sites = anime.sites.filter((site) => isWebLink(site.url))
  const watch = sites.filter((site) => site.kind === 'onair')
  const about = sites.filter((site) => site.kind === 'info')
  const slot = readSlot(anime.broadcast)
  const day = (iso: string | null) => {
    if (iso === null || Number.isNaN(Date.parse(iso))) return null
    const local = inJapan(new Date(iso))
    return strings.day(local.year, strings.months[local.month] ?? '', local.day)
  }
  const began = day(anime.beginAt)
  const ended = anime.type === 'tv' || anime.type === 'web' ? day(anime.endAt) : null

  return (
    <article className="space-y-8">
      <header className="relative isolate overflow-hidden rounded-3xl border border-line bg-linear-to-br from-sakura-100 via-lavender-100 to-cream-100 p-6 shadow-lg shadow-sakura-200/40 sm:p-8 dark:from-night-700 dark:via-night-800 dark:to-sakura-800/50 dark:shadow-night-950/60">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <TitleArt anime={anime} className="h-32 w-48 self-center sm:h-40 sm:w-60" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-ink">
              {strings.title.kindOf(strings.type[anime.type], seasonName(anime.beginAt, strings))}
            </p>
            <h1
              lang={HTML_LANG[anime.lang]}
              translate="no"
              className="mt-1 text-3xl font-bold tracking-tight text-balance wrap-break-word text-ink sm:text-4xl"
            >
              {anime.title}
            </h1>
            {translated !== null && (
              <p translate="no" className="mt-2 text-lg wrap-break-word text-ink">
                {translated}
              </p>
            )}
            <div className="mt-4 flex items-center gap-2">
              <HeartButton
                anime={anime}
                liked={hearts.isLiked(anime.id)}
                busy={hearts.isBusy(anime.id)}
                onToggle={() => hearts.toggle(anime)}
              />
              <p className="text-sm text-ink">
                {strings.title.likes(anime.likes, (n) => formatNumber(language, n))}
              </p>
            </div>
          </div>
        </div>
      </header>
      {hearts.notices}

      <PageSection title={strings.title.facts}>
        <dl className="grid gap-x-6 gap-y-3 text-ink sm:grid-cols-[auto_1fr]">
          <Fact term={strings.title.type}>{strings.type[anime.type]}</Fact>
          {season !== null && (
            <Fact term={strings.title.season}>
              <Link
                to={`/anime?year=${season.year}&season=${season.season}`}
                className={LINK_CLASS}
              >
                {seasonName(anime.beginAt, strings)}
              </Link>
            </Fact>
          )}
          {began !== null && <Fact term={strings.title.firstAired[anime.type]}>{began}</Fact>}
          {ended !== null && <Fact term={strings.title.lastAired}>{ended}</Fact>}
          {slot !== null && (
            <Fact term={strings.title.broadcast}>
              <SlotTimes slot={slot} />
            </Fact>
          )}
          {others.map(({ lang, titles }) => (
            <Fact key={lang} term={`${strings.title.otherTitles}: ${strings.languages[lang]}`}>
              {titles.map((title, index) => (
                <span
                  key={index}
                  lang={HTML_LANG[lang]}
                  translate="no"
                  className="block wrap-break-word"
                >
                  {title}
                </span>
              ))}
            </Fact>
          ))}
        </dl>
      </PageSection>

      {(anime.officialSite !== null || sites.length > 0) && (
        <PageSection title={strings.title.links}>
          {anime.officialSite !== null && isWebLink(anime.officialSite) && (
            <p>
              <a href={anime.officialSite} rel="noopener noreferrer" className={LINK_CLASS}>
                {strings.title.official}
              </a>
            </p>
          )}
          <SiteList title={strings.title.watch} sites={watch} />
          <SiteList title={strings.title.moreAbout} sites={about} />
        </PageSection>
      )}

      <p>
        <Link to="/anime" className={LINK_CLASS}>
          {strings.title.browse}
        </Link>
      </p>
    </article>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:col-span-2 sm:grid-cols-subgrid">
      <dt className="text-sm font-semibold text-ink-muted sm:text-base">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  )
}

function SiteList({ title, sites }: { title: string; sites: AnimeSite[] }) {
  if (sites.length === 0) return null
  return (
    <div>
      <h3 className="font-bold text-ink">{title}</h3>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
        {sites.map((site) => (
          <li key={`${site.site}-${site.url}`}>
            <a href={site.url} rel="noopener noreferrer" className={LINK_CLASS}>
              <bdi translate="no">{site.name}</bdi>
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
