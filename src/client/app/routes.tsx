import type { ReactNode } from 'react'
import { Route, Switch } from 'wouter'
import { normalizePath } from '@shared/routes'
import { lazyComponent, type LazyComponent } from '@client/lib/lazy-component'
import { AppShell } from './shell/app-shell'

/**
 * Every page loads on demand, Home too: its prerendered HTML paints before any script, and it
 * hydrates once its chunk arrives, so the first load carries only the shell. prefetchPages()
 * warms the others when the browser idles.
 */
const pageModules = {
  home: () => import('@client/features/pages/home-page').then((m) => m.HomePage),
  favorites: () => import('@client/features/pages/favorites-page').then((m) => m.FavoritesPage),
  seeme: () => import('@client/features/pages/seeme-page').then((m) => m.SeeMePage),
  sakuramap: () => import('@client/features/pages/sakuramap-page').then((m) => m.SakuraMapPage),
  shop: () => import('@client/features/pages/shop-page').then((m) => m.ShopPage),
  premium: () => import('@client/features/pages/premium-page').then((m) => m.PremiumPage),
  settings: () => import('@client/features/preferences/settings-page').then((m) => m.SettingsPage),
  master: () => import('@client/features/pages/master-page').then((m) => m.MasterPage),
  privacy: () => import('@client/features/pages/privacy-page').then((m) => m.PrivacyPage),
  terms: () => import('@client/features/pages/terms-page').then((m) => m.TermsPage),
  cookies: () => import('@client/features/pages/cookies-page').then((m) => m.CookiesPage),
  dim25: () => import('@client/features/pages/dim25-page').then((m) => m.Dim25Page),
  animeOp: () => import('@client/features/pages/anime-op-page').then((m) => m.AnimeOpPage),
  articles: () => import('@client/features/pages/articles-page').then((m) => m.ArticlesPage),
  notFound: () => import('@client/components/not-found-page').then((m) => m.NotFoundPage),
  publicProfile: () =>
    import('@client/features/profile/public-profile-page').then((m) => m.PublicProfilePage),
  accountPanel: () => import('./account-panel').then((m) => m.AccountPanel),
}

const Home = lazyComponent(pageModules.home)
const Favorites = lazyComponent(pageModules.favorites)
const SeeMe = lazyComponent(pageModules.seeme)
const SakuraMap = lazyComponent(pageModules.sakuramap)
const Shop = lazyComponent(pageModules.shop)
const Premium = lazyComponent(pageModules.premium)
const Settings = lazyComponent(pageModules.settings)
const Master = lazyComponent(pageModules.master)
const Privacy = lazyComponent(pageModules.privacy)
const Terms = lazyComponent(pageModules.terms)
const Cookies = lazyComponent(pageModules.cookies)
const Dim25 = lazyComponent(pageModules.dim25)
const AnimeOp = lazyComponent(pageModules.animeOp)
const Articles = lazyComponent(pageModules.articles)
const NotFound = lazyComponent(pageModules.notFound)
const PublicProfile = lazyComponent(pageModules.publicProfile)

/** The prerendered pages by path: the ones main.tsx hydrates (PRERENDERED_PATHS). */
const PRERENDERED_PAGES: Record<string, LazyComponent<object>> = {
  '/': Home,
  '/favorites': Favorites,
  '/seeme': SeeMe,
  '/sakuramap': SakuraMap,
  '/shop': Shop,
  '/premium': Premium,
  '/settings': Settings,
  '/master': Master,
  '/privacy': Privacy,
  '/terms': Terms,
  '/cookies': Cookies,
  '/dim25': Dim25,
  '/articles': Articles,
}

/** Loads the code of the prerendered page at `pathname`, if it is one. */
export async function preloadPage(pathname: string): Promise<void> {
  await PRERENDERED_PAGES[normalizePath(pathname)]?.preload()
}

/** Loads each page's code in turn, the next one when `whenIdle` calls back. */
export function prefetchPages(whenIdle: (next: () => void) => void) {
  const loads = Object.values(pageModules)
  const next = () => {
    const load = loads.shift()
    // A page that fails to load here is tried again when it is opened.
    const proceed = () => whenIdle(next)
    if (load !== undefined) load().then(proceed, proceed)
  }
  whenIdle(next)
}

/**
 * The app's page routes; src/shared/routes.ts mirrors them for the server's 404s. `afterPage`
 * renders after the page, inside its boundary (AppShell).
 */
export function AppRoutes({ afterPage }: { afterPage?: ReactNode }) {
  return (
    <AppShell afterPage={afterPage}>
      <Switch>
        <Route path="/" component={Home} />
        <Route path="/favorites" component={Favorites} />
        <Route path="/seeme" component={SeeMe} />
        <Route path="/sakuramap" component={SakuraMap} />
        <Route path="/shop" component={Shop} />
        <Route path="/premium" component={Premium} />
        {/* /account shows its slide-over over the home page. */}
        <Route path="/account/*?" component={Home} />
        <Route path="/settings" component={Settings} />
        <Route path="/master" component={Master} />
        <Route path="/privacy" component={Privacy} />
        <Route path="/terms" component={Terms} />
        <Route path="/cookies" component={Cookies} />
        <Route path="/dim25" component={Dim25} />
        <Route path="/anime/op/*" component={AnimeOp} />
        <Route path="/articles/*?" component={Articles} />
        <Route path={/^\/@(?<handle>[^/]+)$/}>
          {(params) => <PublicProfile handle={decodeURIComponent(params.handle ?? '')} />}
        </Route>
        <Route component={NotFound} />
      </Switch>
    </AppShell>
  )
}
