import type { ReactNode } from 'react'
import { Route, Switch } from 'wouter'
import { pageAt, type PagePath } from '@shared/pages'
import {
  isAnimeTitlePath,
  isPrerenderedPath,
  isProfilePath,
  isPublicFolderPath,
  normalizePath,
} from '@shared/routes'
import { lazyComponent, type LazyComponent } from '@client/lib/lazy-component'
import { PAGE_VIEWS } from './pages'
import { AppShell } from './shell/app-shell'

/** The routes with a part of their own, beside the registry's pages (./pages.ts). */
const loadAnimeOp = () =>
  import('@client/features/content-pages/anime-op-page').then((m) => m.AnimeOpPage)
const loadPublicProfile = () =>
  import('@client/features/profile/public-profile-page').then((m) => m.PublicProfilePage)
const loadPublicFolder = () =>
  import('@client/features/profile/public-folders').then((m) => m.PublicFolderPage)
const loadAnimeTitle = () => import('./anime-pages').then((m) => m.AnimeTitleRoute)
const loadNotFound = () => import('@client/components/not-found-page').then((m) => m.NotFoundPage)
const AnimeOp = lazyComponent(loadAnimeOp)
const PublicProfile = lazyComponent(loadPublicProfile)
const PublicFolder = lazyComponent(loadPublicFolder)
const AnimeTitle = lazyComponent(loadAnimeTitle)
const NotFound = lazyComponent(loadNotFound)

/** One component per loader: /account and / share Home's. */
const viewOf = new Map(
  [...new Set(Object.values(PAGE_VIEWS).map((view) => view.load))].map(
    (load) => [load, lazyComponent(load)] as const,
  ),
)
const PAGE_ROUTES = (Object.keys(PAGE_VIEWS) as PagePath[]).map((path) => ({
  path: pageAt(path)?.subpaths === true ? `${path}/*?` : path,
  view: viewOf.get(PAGE_VIEWS[path].load) as LazyComponent<object>,
}))

/** Loads the code of the prerendered page at `pathname`, if it is one. */
export async function preloadPage(pathname: string): Promise<void> {
  const path = normalizePath(pathname)
  if (isPrerenderedPath(path)) await viewOf.get(PAGE_VIEWS[path].load)?.preload()
  else if (isProfilePath(path)) await PublicProfile.preload()
  else if (isPublicFolderPath(path)) await PublicFolder.preload()
  else if (isAnimeTitlePath(path)) await AnimeTitle.preload()
}

/**
 * Loads each page's code in turn, the account panel's too, the next one when `whenIdle` calls
 * back: opening them then feels instant.
 */
export function prefetchPages(whenIdle: (next: () => void) => void) {
  const loads = [
    ...viewOf.keys(),
    loadAnimeOp,
    loadNotFound,
    loadPublicProfile,
    loadPublicFolder,
    loadAnimeTitle,
    () => import('./account/account-panel'),
  ]
  const next = () => {
    const load = loads.shift()
    // A page that fails to load here is tried again when it is opened.
    const proceed = () => whenIdle(next)
    if (load !== undefined) load().then(proceed, proceed)
  }
  whenIdle(next)
}

/**
 * The app's page routes: the registry's pages (src/shared/pages.ts, ./pages.ts), and the paths
 * with a part of their own, which src/shared/routes.ts mirrors for the server's 404s. `afterPage`
 * renders after the page, inside its boundary (AppShell).
 */
export function AppRoutes({ afterPage }: { afterPage?: ReactNode }) {
  return (
    <AppShell afterPage={afterPage}>
      <Switch>
        {PAGE_ROUTES.map(({ path, view }) => (
          <Route key={path} path={path} component={view} />
        ))}
        <Route path="/anime/op/*" component={AnimeOp} />
        <Route path="/anime/:id">
          {(params) => <AnimeTitle id={decodeURIComponent(params.id)} />}
        </Route>
        <Route path={/^\/@(?<handle>[^/]+)$/}>
          {(params) => <PublicProfile handle={decodeURIComponent(params.handle ?? '')} />}
        </Route>
        <Route path={/^\/@(?<handle>[^/]+)\/(?<slug>[^/]+)$/}>
          {(params) => (
            <PublicFolder
              handle={decodeURIComponent(params.handle ?? '')}
              slug={decodeURIComponent(params.slug ?? '')}
            />
          )}
        </Route>
        <Route component={NotFound} />
      </Switch>
    </AppShell>
  )
}
