/**
 * The site's pages by path, as plain data: what the server needs (which paths exist, which are
 * prerendered) and what the shell shows (labels, links, layout). The client's page registry
 * (src/client/app/pages.ts) adds each page's code under the same path; a path in one and not
 * the other fails the typecheck. Adding a page: docs/architecture.md "Adding a page".
 */

export type LayoutVariant = 'standard' | 'map' | 'articles' | 'player'

export interface PageFacts {
  /** The page's name: its document title, and its sidebar link's text. */
  readonly label: string
  /** The page's layout; 'standard' when left out. */
  readonly layout?: LayoutVariant
  /** A link in the sidebar, in the order of this registry. */
  readonly sidebar?: true
  /** A link in the footer: at its place there, with its own text if it has one. */
  readonly footerLink?: { readonly at: number; readonly label?: string }
  /** The footer shows under the page, but where this says false. */
  readonly footer?: false
  /** The round avatar button at top right, shown while the account panel is closed. */
  readonly avatarButton?: true
  /** The paths under this one (/articles/…) are the same page. */
  readonly subpaths?: true
  /** Built into HTML at build time, but where this says false (docs/architecture.md "Prerendering"). */
  readonly prerender?: false
}

export const PAGES = {
  '/': { label: 'Home', sidebar: true, avatarButton: true },
  '/favorites': { label: 'Like', sidebar: true, footer: false, avatarButton: true },
  '/seeme': { label: 'SeeME', sidebar: true },
  '/sakuramap': {
    label: 'SakuraMap',
    layout: 'map',
    sidebar: true,
    footer: false,
    avatarButton: true,
  },
  '/shop': { label: 'Shop', sidebar: true, footer: false, avatarButton: true },
  '/premium': {
    label: 'Premium',
    sidebar: true,
    footerLink: { at: 2, label: 'Support' },
    avatarButton: true,
  },
  // The account route opens the account panel over the home page.
  '/account': { label: 'Account', sidebar: true, subpaths: true, prerender: false },
  '/settings': { label: 'Settings', sidebar: true, footer: false, avatarButton: true },
  '/master': { label: 'Creator', sidebar: true, footerLink: { at: 1, label: 'About Us' } },
  '/privacy': { label: 'Privacy', footerLink: { at: 3 } },
  '/terms': { label: 'Terms', footerLink: { at: 4 } },
  '/cookies': { label: 'Cookies', footerLink: { at: 5 } },
  '/dim25': { label: '2.5D', avatarButton: true },
  '/articles': { label: 'Articles', layout: 'articles', subpaths: true },
  // The catalog by season; each title has a page of its own at /anime/:id (shared/routes.ts).
  '/anime': { label: 'Anime' },
} as const satisfies Readonly<Record<string, PageFacts>>

export type PagePath = keyof typeof PAGES
type Page = (typeof PAGES)[PagePath]

/** The paths of the pages with a sidebar link. */
export type SidebarPath = {
  [Path in PagePath]: (typeof PAGES)[Path] extends { readonly sidebar: true } ? Path : never
}[PagePath]

/** Every label of the registry: page titles, sidebar and footer links. */
export type RegistryLabel =
  Page['label'] | Extract<Page, { footerLink: { label: string } }>['footerLink']['label']

/** The registry's pages with their facts, every label one of RegistryLabel. */
const pageEntries = Object.entries(PAGES) as [
  PagePath,
  PageFacts & { label: RegistryLabel; footerLink?: { at: number; label?: RegistryLabel } },
][]

/** Every label of the registry once, in its order: each page's, then its footer link's own. */
export const REGISTRY_LABELS: readonly RegistryLabel[] = [
  ...new Set(
    pageEntries.flatMap(([, { label, footerLink }]) =>
      footerLink?.label === undefined ? [label] : [label, footerLink.label],
    ),
  ),
]

export interface NavLink<Path extends PagePath = PagePath> {
  path: Path
  label: RegistryLabel
}

export const SIDEBAR_LINKS = pageEntries
  .filter(([, page]) => page.sidebar === true)
  .map(([path, page]) => ({ path, label: page.label })) as readonly NavLink<SidebarPath>[]

/** The footer's own links; the external Contact link (CONTACT_URL) follows them. */
export const FOOTER_LINKS: readonly NavLink[] = pageEntries
  .flatMap(([path, { footerLink, label }]) =>
    footerLink === undefined ? [] : [{ path, label: footerLink.label ?? label, at: footerLink.at }],
  )
  .sort((a, b) => a.at - b.at)
  .map(({ path, label }) => ({ path, label }))

/** The page at a normalized path: its own, or the one whose subpaths it is under. */
export function pageAt(path: string): PageFacts | undefined {
  if (Object.hasOwn(PAGES, path)) return PAGES[path as PagePath]
  return pageEntries.find(([at, page]) => page.subpaths === true && path.startsWith(`${at}/`))?.[1]
}

/** The paths the build prerenders, in the registry's order. */
export const PRERENDERED_PAGE_PATHS: readonly PagePath[] = pageEntries
  .filter(([, page]) => page.prerender !== false)
  .map(([path]) => path)
