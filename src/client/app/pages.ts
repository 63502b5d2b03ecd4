import { REGISTRY_LABELS, type PagePath, type PAGES } from '@shared/pages'
import { OTHER_PAGE_LABELS, type PageLabel } from '@shared/routes'
import type { ComponentType } from 'react'

/** What the client adds to a page of the registry (src/shared/pages.ts). */
export type PageView<Path extends PagePath> = {
  /** Loads the page's code on demand. */
  readonly load: () => Promise<ComponentType>
} & ((typeof PAGES)[Path] extends { readonly sidebar: true }
  ? {
      /**
       * The sidebar link's line icon, drawn for Mofu: an SVG path on a 24 px grid, stroked in
       * currentColor. A sidebar page has one; no other page does.
       */
      readonly icon: string
    }
  : { readonly icon?: never })

/**
 * Every page loads on demand, Home too: its prerendered HTML paints before any script, and it
 * hydrates once its chunk arrives, so the first load carries only the shell.
 */
const home = () => import('./home').then((m) => m.Home)

/**
 * The client's line of each page of the registry (src/shared/pages.ts), by the same path: how to
 * load its code, and a sidebar page's icon. A page there and not here, or here and not there, or
 * a sidebar page without its icon, fails the typecheck. The router and the prerendered pages'
 * hydration read it (routes.tsx), the sidebar its icons; a path that shares another's loader
 * shows the same component.
 */
export const PAGE_VIEWS: { readonly [Path in PagePath]: PageView<Path> } = {
  '/': { load: home, icon: 'M3 11.5 12 4l9 7.5M5.5 10v9.5h13V10M10 19.5v-5h4v5' },
  '/favorites': {
    load: () => import('./like-page').then((m) => m.LikePage),
    icon: 'M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.6 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z',
  },
  '/seeme': {
    load: () => import('@client/features/content-pages/seeme-page').then((m) => m.SeeMePage),
    icon: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  },
  '/sakuramap': {
    load: () =>
      import('@client/features/content-pages/sakuramap-page').then((m) => m.SakuraMapPage),
    icon: 'M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  },
  '/shop': {
    load: () => import('@client/features/content-pages/shop-page').then((m) => m.ShopPage),
    icon: 'M4 8h16l-1.4 11.5H5.4zM8.5 8V6.5a3.5 3.5 0 0 1 7 0V8',
  },
  '/premium': {
    load: () => import('./premium-page').then((m) => m.OwnPremiumPage),
    icon: 'M3.5 8.5 7.5 12 12 5l4.5 7 4-3.5-1.8 10H5.3z',
  },
  // The same component as /, so opening the panel keeps the home page as it is.
  '/account': {
    load: home,
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5a7.5 7.5 0 0 1 15 0',
  },
  '/settings': {
    load: () => import('@client/features/preferences/settings-page').then((m) => m.SettingsPage),
    icon: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
  },
  '/master': {
    load: () => import('@client/features/content-pages/master-page').then((m) => m.MasterPage),
    icon: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  },
  '/privacy': {
    load: () => import('./privacy-page').then((m) => m.PrivacyRoute),
  },
  '/terms': {
    load: () => import('@client/features/content-pages/terms-page').then((m) => m.TermsPage),
  },
  '/cookies': {
    load: () => import('@client/features/content-pages/cookies-page').then((m) => m.CookiesPage),
  },
  '/dim25': {
    load: () => import('@client/features/content-pages/dim25-page').then((m) => m.Dim25Page),
  },
  '/articles': {
    load: () => import('@client/features/content-pages/articles-page').then((m) => m.ArticlesPage),
  },
  '/anime': {
    load: () => import('./anime-pages').then((m) => m.AnimeBrowseRoute),
  },
}

/**
 * The catalogue of the page labels (docs/architecture.md "Languages"): every label of the
 * registry and the titles of the paths outside it, each its own English. Their Japanese is
 * PAGE_LABELS_JA (./pages.ja.ts), typed by it, so a new label without its Japanese fails the
 * typecheck.
 */
export const PAGE_LABELS = Object.fromEntries(
  [...REGISTRY_LABELS, ...OTHER_PAGE_LABELS].map((label) => [label, label]),
) as Readonly<Record<PageLabel, string>>
