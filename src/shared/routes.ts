import type { Language } from './language'

import {
  pageAt,
  PRERENDERED_PAGE_PATHS,
  type LayoutVariant,
  type PagePath,
  type RegistryLabel,
} from './pages'

/**
 * The app's routes: the pages of the registry (./pages.ts), the paths with a part of their own,
 * and the layout rules that depend on the path. Shared so the server can answer 404 for paths the
 * app does not have.
 */

export type { LayoutVariant } from './pages'

/** Where the Google sign-in popup lands; it reports to the opener and closes. */
export const POPUP_DONE_PATH = '/auth/popup-done'

/** `/shop/` and `/shop` are the same page. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname
}

export const isAnimeOpPath = (path: string) => path.startsWith('/anime/op/')
/** A title of the catalog: /anime/bgm-123 (the server answers 404 for an id it lacks). */
export const isAnimeTitlePath = (path: string) => /^\/anime\/[^/]+$/.test(path)
export const isAccountPath = (path: string) => path === '/account' || path.startsWith('/account/')
/** A public profile: /@handle, where anyone finds a user by their handle. */
export const isProfilePath = (path: string) => /^\/@[^/]+$/.test(path)
/** A public folder: /@handle/slug (the server answers 404 for one that is not public). */
export const isPublicFolderPath = (path: string) => /^\/@[^/]+\/[^/]+$/.test(path)
/** The account panel shows its password-reset form on any path that contains 'reset'. */
export const isResetPath = (path: string) => path.includes('reset')
/** The page the link mailed to a new address opens. */
export const isEmailChangePath = (path: string) => normalizePath(path) === '/account/email'
/** The page a sign-up's verification link opens: it asks for the password chosen at sign-up. */
export const VERIFY_EMAIL_PATH = '/account/verify'
export const isVerifyEmailPath = (path: string) => normalizePath(path) === VERIFY_EMAIL_PATH

export function isAppRoute(pathname: string): boolean {
  const path = normalizePath(pathname)
  return (
    pageAt(path) !== undefined ||
    isAnimeOpPath(path) ||
    isAnimeTitlePath(path) ||
    isProfilePath(path) ||
    isPublicFolderPath(path) ||
    path === POPUP_DONE_PATH
  )
}

/**
 * Whether `path` is a page prerendered at build time (PRERENDERED_PAGE_PATHS), each into the HTML
 * the server sends for it, which the client hydrates. Paths with a part of their own (/@handle,
 * /anime/:id, /articles/…, /anime/op/…) and the account route, which opens the panel (prerender:
 * false in the registry), get the generic shell of their layout instead.
 */
export const isPrerenderedPath = (path: string): path is PagePath =>
  PRERENDERED_PAGE_PATHS.some((prerendered) => prerendered === path)

/** Layouts with a generic shell, and a path the build renders each from. */
export const GENERIC_SHELL_PATHS = {
  standard: '/@',
  articles: '/articles/',
  player: '/anime/op/any',
} as const satisfies Partial<Record<LayoutVariant, string>>
export type GenericShell = keyof typeof GENERIC_SHELL_PATHS

/** The build's files, relative to the client folder: a prerendered page, or a generic shell. */
export const pageFile = (path: string) => (path === '/' ? 'index.html' : `pages${path}.html`)
export const shellFile = (shell: GenericShell) => `pages/shell-${shell}.html`

/** A build file in a language: English as named, Japanese with `.ja` before `.html`. */
export const languageFile = (file: string, language: Language) =>
  language === 'en' ? file : file.replace(/\.html$/, `.${language}.html`)

/**
 * The not-found page, drawn at build time at NOT_FOUND_DRAWN_PATH: the server writes the path
 * asked for in its place, so the page reads as a 404 before any script runs.
 */
export const NOT_FOUND_FILE = 'pages/not-found.html'
export const NOT_FOUND_DRAWN_PATH = '/not-found-path'

/** The Google sign-in popup's landing page, a page of its own with one small script. */
export const POPUP_DONE_FILE = 'auth/popup-done.html'

/** The file of the HTML the server sends for a path (see isPrerenderedPath). */
export function prerenderedFile(pathname: string): string {
  const path = normalizePath(pathname)
  if (path === POPUP_DONE_PATH) return POPUP_DONE_FILE
  if (isPrerenderedPath(path)) return pageFile(path)
  const { variant } = shellLayout(path)
  return shellFile(variant === 'articles' || variant === 'player' ? variant : 'standard')
}

export interface ShellLayout {
  variant: LayoutVariant
  footer: boolean
  menuButton: boolean
  /** The round avatar button at top right, shown on these routes while the panel is closed. */
  avatarButton: boolean
}

export function shellLayout(pathname: string): ShellLayout {
  const path = normalizePath(pathname)
  const page = pageAt(path)
  const variant: LayoutVariant = page?.layout ?? (isAnimeOpPath(path) ? 'player' : 'standard')
  return {
    variant,
    footer: page?.footer !== false,
    menuButton: variant !== 'player',
    avatarButton: page?.avatarButton === true,
  }
}

/** The titles of the paths outside the registry: an anime opening, and a path the app lacks. */
export const OTHER_PAGE_LABELS = ['Opening', 'Not found'] as const

/** Every label a page title can have, but a profile's handle. */
export type PageLabel = RegistryLabel | (typeof OTHER_PAGE_LABELS)[number]

/**
 * The document title of a path: the page's label and the site name. `labels` gives a label in
 * another language, by its English (a profile's handle is never one: it starts with @).
 */
export function pageTitle(
  pathname: string,
  labels: Readonly<Partial<Record<string, string>>> = {},
): string {
  const path = normalizePath(pathname)
  if (path === '/') return 'Mofu'
  const label =
    pageAt(path)?.label ??
    (isAnimeOpPath(path)
      ? 'Opening'
      : isAnimeTitlePath(path)
        ? 'Anime'
        : isProfilePath(path) || isPublicFolderPath(path)
          ? decodeURIComponent(path.slice(1))
          : 'Not found')
  return `${labels[label] ?? label} · Mofu`
}
