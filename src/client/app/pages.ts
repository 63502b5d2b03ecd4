import type { PagePath } from '@shared/pages'
import type { ComponentType } from 'react'

/**
 * Every page loads on demand, Home too: its prerendered HTML paints before any script, and it
 * hydrates once its chunk arrives, so the first load carries only the shell.
 */
const home = () => import('@client/features/content-pages/home-page').then((m) => m.HomePage)

/**
 * How to load the code of each page of the registry (src/shared/pages.ts), by the same path: a page there and
 * not here, or here and not there, fails the typecheck. The router and the prerendered pages'
 * hydration read it (routes.tsx); a path that shares another's loader shows the same component.
 */
export const PAGE_VIEWS: Readonly<Record<PagePath, () => Promise<ComponentType>>> = {
  '/': home,
  '/favorites': () =>
    import('@client/features/content-pages/favorites-page').then((m) => m.FavoritesPage),
  '/seeme': () => import('@client/features/content-pages/seeme-page').then((m) => m.SeeMePage),
  '/sakuramap': () =>
    import('@client/features/content-pages/sakuramap-page').then((m) => m.SakuraMapPage),
  '/shop': () => import('@client/features/content-pages/shop-page').then((m) => m.ShopPage),
  '/premium': () =>
    import('@client/features/content-pages/premium-page').then((m) => m.PremiumPage),
  // The same component as /, so opening the panel keeps the home page as it is.
  '/account': home,
  '/settings': () =>
    import('@client/features/preferences/settings-page').then((m) => m.SettingsPage),
  '/master': () => import('@client/features/content-pages/master-page').then((m) => m.MasterPage),
  '/privacy': () =>
    import('@client/features/content-pages/privacy-page').then((m) => m.PrivacyPage),
  '/terms': () => import('@client/features/content-pages/terms-page').then((m) => m.TermsPage),
  '/cookies': () =>
    import('@client/features/content-pages/cookies-page').then((m) => m.CookiesPage),
  '/dim25': () => import('@client/features/content-pages/dim25-page').then((m) => m.Dim25Page),
  '/articles': () =>
    import('@client/features/content-pages/articles-page').then((m) => m.ArticlesPage),
}
