/**
 * The build's server-side entry (scripts/prerender.mjs runs it once per page, after `vite build
 * --ssr`): each page of PRERENDERED_PAGE_PATHS rendered to HTML with every lazy page resolved, so the
 * sidebar, header and page text paint before any script runs, and main.tsx hydrates that HTML.
 * The generic shells (paths with a part of their own) show the page skeleton in the shell of
 * their layout; the client renders those afresh. Each is rendered once per language.
 */
import { StrictMode, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { Router } from 'wouter'
import type { Language } from '@shared/language'
import type { ProfileWithFolders, PublicFolder } from '@shared/public-folders'
import { GENERIC_SHELL_PATHS, pageTitle } from '@shared/routes'
import { setJapaneseCatalogue, startIn } from '@client/lib/i18n/i18n'
import { META } from './meta'
import { JA } from './i18n-ja'
import { AppRoutes } from './routes'
import { AppShell, PageSkeleton } from './shell/app-shell'
import type { Anime } from '@shared/anime'
import { ANIME } from '@client/features/anime/strings'
import { ANIME_JA } from '@client/features/anime/strings.ja'
import { animeHeadline as headline } from '@client/features/anime/title-headline'
import { ServedAnimeProvider } from '@client/features/anime/title-page'
import { ServedProfileProvider } from '@client/features/profile/public-profile-page'
import { ServedFolderProvider } from '@client/features/profile/public-folders'
import { PROFILE } from '@client/features/profile/strings'
import { PROFILE_JA } from '@client/features/profile/strings.ja'

export interface Rendered {
  /** Resource hints React hoists (the preload of the avatar image): they belong in <head>. */
  head: string
  /** The markup of #root, as the client's first render draws it. */
  root: string
}

setJapaneseCatalogue(() => Promise.resolve(JA))

async function render(path: string, language: Language, app: ReactNode): Promise<Rendered> {
  await startIn(language)
  // prerender waits for every lazy page to resolve before it writes the markup.
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path} ssrSearch="">
        {app}
      </Router>
    </StrictMode>,
    // Every boundary inline and complete: no hidden copies, no scripts to move them into place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  const html = await new Response(prelude).text()
  const [, head = '', root = ''] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(html) ?? []
  return { head, root }
}

/** One page as the client's first render draws it at `path` (hydration reads no query). */
export const renderPage = (path: string, language: Language) =>
  render(path, language, <AppRoutes />)

/**
 * A /@handle page drawn with its profile, at each request (src/server/profiles/profile-page.ts):
 * the browser hydrates it with the profile the page carries.
 */
export const renderProfilePage = (path: string, language: Language, profile: ProfileWithFolders) =>
  render(
    path,
    language,
    <ServedProfileProvider value={profile}>
      <AppRoutes />
    </ServedProfileProvider>,
  )

/** The line a link preview shows under a profile's name: its bio, else who it is on Mofu. */
export function profileDescription(profile: ProfileWithFolders, language: Language): string {
  const bio = profile.bio.replace(/\s+/g, ' ').trim()
  if (bio !== '') return [...bio].length > 200 ? `${[...bio].slice(0, 199).join('')}…` : bio
  const strings = language === 'ja' ? PROFILE_JA : PROFILE
  return strings.public.onMofu(`@${profile.displayUsername}`)
}

/**
 * A public folder's page, /@handle/slug, drawn with its folder at each request
 * (src/server/profiles/profile-page.ts): the browser hydrates it with the folder the page carries.
 */
export const renderFolderPage = (path: string, language: Language, folder: PublicFolder) =>
  render(
    path,
    language,
    <ServedFolderProvider value={folder}>
      <AppRoutes />
    </ServedFolderProvider>,
  )

/**
 * An /anime/:id page drawn with its title, at each request (src/server/catalog/anime-page.ts):
 * the browser hydrates it with the title the page carries.
 */
export const renderAnimePage = (path: string, language: Language, anime: Anime) =>
  render(
    path,
    language,
    <ServedAnimeProvider value={anime}>
      <AppRoutes />
    </ServedAnimeProvider>,
  )

/** A title page's name and the line a link preview shows under it, in a language. */
export const animeHeadline = (anime: Anime, language: Language) =>
  headline(anime, language, language === 'ja' ? ANIME_JA : ANIME)

/** The shell of a layout around the page skeleton. */
export const renderShell = (variant: keyof typeof GENERIC_SHELL_PATHS, language: Language) =>
  render(
    GENERIC_SHELL_PATHS[variant],
    language,
    <AppShell>
      <PageSkeleton />
    </AppShell>,
  )

/** The document title of a path in a language. */
export const localTitle = (path: string, language: Language) =>
  pageTitle(path, language === 'ja' ? JA.labels : {})

/** What the page says about itself to search engines and link previews. */
export const description = (language: Language) =>
  language === 'ja' ? JA.meta.description : META.description

export { LANGUAGES } from '@shared/language'
export { PRERENDERED_PAGE_PATHS } from '@shared/pages'
export {
  GENERIC_SHELL_PATHS,
  languageFile,
  NOT_FOUND_DRAWN_PATH,
  NOT_FOUND_FILE,
  pageFile,
  shellFile,
} from '@shared/routes'
