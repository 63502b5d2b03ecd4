import { createContext, useContext, useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { useQuery } from '@tanstack/react-query'
import { seasonOf, type AnimeSummary } from '@shared/anime'
import {
  folderHeadline,
  publicFolderPath,
  PublicFolderSchema,
  SERVED_FOLDER_ELEMENT_ID,
  type PublicFolder,
  type PublicFolderCard,
} from '@shared/public-folders'
import { TitleArt } from '@client/components/art/title-art'
import { NotFoundPage } from '@client/components/not-found-page'
import { PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'
import { Button } from '@client/components/ui'
import { ApiError, requestJson } from '@client/lib/http'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import { PROFILE } from './strings'

const LINK_CLASS = 'font-semibold text-accent underline underline-offset-4 hover:decoration-2'

/** The public folders of a profile, on /@handle: each a card to its own page. */
export function FolderCards({
  handle,
  folders,
}: {
  handle: string
  folders: readonly PublicFolderCard[]
}) {
  const strings = useStrings('profile', PROFILE)
  if (folders.length === 0) return null
  return (
    <PageSection title={strings.folders.heading} className="mt-8">
      <ul className="grid gap-4 sm:grid-cols-2">
        {folders.map((folder) => (
          <li
            key={folder.slug}
            className="rounded-3xl border border-line bg-raised p-4 focus-within:ring-2 focus-within:ring-accent"
          >
            <Link
              to={publicFolderPath(handle, folder.slug)}
              className="flex flex-col gap-3 rounded-2xl outline-none"
            >
              <span className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate text-lg font-bold text-ink underline-offset-4 hover:underline">
                  {folder.name}
                </span>
                <span className="shrink-0 text-sm text-ink-muted">
                  {strings.folders.count(folder.count)}
                </span>
              </span>
              {folder.titles.length > 0 && (
                <span className="grid grid-cols-4 gap-2" aria-hidden="true">
                  {folder.titles.map((anime) => (
                    <TitleArt key={anime.id} anime={anime} className="aspect-3/2 h-auto w-full" />
                  ))}
                </span>
              )}
            </Link>
            {folder.titles.length > 0 && (
              <ul className="mt-3 flex flex-col gap-1 text-sm">
                {folder.titles.map((anime) => (
                  <li key={anime.id} className="truncate">
                    <Link to={`/anime/${encodeURIComponent(anime.id)}`} className={LINK_CLASS}>
                      <AnimeName anime={anime} />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </PageSection>
  )
}

/** The pinned titles of a profile, on /@handle, in their owner's pinned order: art and name. */
export function PinnedTitles({ titles }: { titles: readonly AnimeSummary[] }) {
  const strings = useStrings('profile', PROFILE)
  if (titles.length === 0) return null
  return (
    <PageSection title={strings.pinned.heading} className="mt-8">
      <ol className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {titles.map((anime) => (
          <li key={anime.id} className="flex min-w-0 flex-col gap-2">
            <TitleArt anime={anime} className="aspect-3/2 h-auto w-full" />
            <Link
              to={`/anime/${encodeURIComponent(anime.id)}`}
              className={`line-clamp-2 text-sm ${LINK_CLASS}`}
            >
              <AnimeName anime={anime} />
            </Link>
          </li>
        ))}
      </ol>
    </PageSection>
  )
}

/** A title's name as published, marked with its language (the data's tags are HTML's). */
function AnimeName({ anime }: { anime: AnimeSummary }) {
  return (
    <span lang={anime.lang} translate="no">
      {anime.title}
    </span>
  )
}

/**
 * The folder a server render of /@handle/slug draws (the server's renderer provides it);
 * undefined in the browser, which looks the folder up.
 */
const ServedFolder = createContext<PublicFolder | undefined>(undefined)
export const ServedFolderProvider = ServedFolder.Provider

const folderQuery = (handle: string, slug: string) => ['public-folder', handle.toLowerCase(), slug]

const fetchPublicFolder = (handle: string, slug: string) =>
  requestJson(
    `/api/profiles/${encodeURIComponent(handle)}/folders/${encodeURIComponent(slug)}`,
    PublicFolderSchema,
  )

/**
 * A page the server rendered carries its folder: loaded with this page's code, before the page
 * hydrates, it is the look-up's answer, so the first render draws what the server drew.
 */
function takeServedFolder() {
  if (typeof document === 'undefined') return
  const element = document.getElementById(SERVED_FOLDER_ELEMENT_ID)
  const match = /^\/@([^/]+)\/([^/]+)$/.exec(window.location.pathname)
  if (element === null || match === null) return
  try {
    const served = PublicFolderSchema.safeParse(JSON.parse(element.textContent ?? ''))
    const handle = decodeURIComponent(match[1] ?? '')
    const slug = decodeURIComponent(match[2] ?? '')
    if (served.success) queryClient.setQueryData(folderQuery(handle, slug), served.data)
  } catch {
    // Not JSON: the page looks the folder up as it would without it.
  }
}
takeServedFolder()

/** /@handle/slug: one public folder, found by its owner's handle and its slug. */
export function PublicFolderPage({ handle, slug }: { handle: string; slug: string }) {
  const served = useContext(ServedFolder)
  return served === undefined ? <LookedUp handle={handle} slug={slug} /> : <Shown folder={served} />
}

function LookedUp({ handle, slug }: { handle: string; slug: string }) {
  const strings = useStrings('profile', PROFILE)
  const lookup = useQuery(
    { queryKey: folderQuery(handle, slug), queryFn: () => fetchPublicFolder(handle, slug) },
    queryClient,
  )
  const [, navigate] = useLocation()
  const found = lookup.data
  useEffect(() => {
    // A renamed folder, or a changed handle, answers at its new address: the bar follows.
    if (found === undefined) return
    const path = publicFolderPath(found.owner.username, found.slug)
    if (path !== publicFolderPath(handle, slug)) navigate(path, { replace: true })
  }, [found, handle, slug, navigate])
  if (lookup.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label={strings.folders.loading}
        className="h-48 animate-pulse rounded-3xl bg-accent-soft"
      />
    )
  }
  if (lookup.isError) {
    if (lookup.error instanceof ApiError && lookup.error.status === 404) return <NotFoundPage />
    return (
      <PageHero title={slug} tagline={strings.folders.notLoaded}>
        <Button variant="secondary" busy={lookup.isFetching} onClick={() => void lookup.refetch()}>
          {strings.tryAgain}
        </Button>
      </PageHero>
    )
  }
  return <Shown folder={lookup.data} />
}

function Shown({ folder }: { folder: PublicFolder }) {
  const strings = useStrings('profile', PROFILE)
  const language = useLanguage()
  const { title } = folderHeadline(folder, language)
  useEffect(() => {
    // After the shell's own title (a layout effect), so this one stays.
    document.title = `${title} · Mofu`
  }, [title])
  const { owner } = folder
  const ownerName =
    owner.name === '' ? `@${owner.displayUsername}` : `${owner.name} (@${owner.displayUsername})`
  return (
    <article className="space-y-8">
      <PageHero
        title={folder.name}
        tagline={`${strings.folders.by(ownerName)} · ${strings.folders.count(folder.count)}`}
      >
        <p>
          <Link to={`/@${owner.username}`} className={LINK_CLASS}>
            {strings.folders.allFolders(`@${owner.displayUsername}`)}
          </Link>
        </p>
      </PageHero>
      <PageSection title={strings.folders.titles}>
        {folder.titles.length === 0 ? (
          <p className="text-ink">{strings.folders.empty}</p>
        ) : (
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {folder.titles.map((anime) => (
              <li key={anime.id}>
                <Link
                  to={`/anime/${encodeURIComponent(anime.id)}`}
                  className="flex items-center gap-3 rounded-2xl border border-line bg-raised p-3 hover:border-sakura-400"
                >
                  <TitleArt anime={anime} className="h-16 w-24 shrink-0" />
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-bold text-ink">
                      <AnimeName anime={anime} />
                    </span>
                    {/* The year in Japan, where the title airs, as its season is counted. */}
                    <span className="text-xs text-ink-muted">{seasonOf(anime.beginAt)?.year}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
        {folder.titles.length < folder.count && (
          <p className="mt-4 text-sm text-ink-muted">
            {strings.folders.more(folder.titles.length, folder.count)}
          </p>
        )}
      </PageSection>
    </article>
  )
}
