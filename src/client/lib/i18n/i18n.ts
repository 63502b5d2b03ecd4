import { useSyncExternalStore } from 'react'
import type { Language } from '@shared/language'

/**
 * The interface in two languages (docs/architecture.md "Languages"). English strings live beside the code
 * that shows them, one catalogue (a plain object) per part, and its Japanese beside it (a .ja
 * file); app/i18n-ja.tsx gathers the Japanese into one chunk that loads only when Japanese is
 * shown. Components read their
 * catalogue with useStrings(name, english): the English itself, or its Japanese.
 */

/**
 * A catalogue's Japanese: the same keys, a string for each string, a function of the same
 * signature for each function (interpolation, or rich text drawn with what it is given).
 */
export type Translation<Catalogue> = {
  readonly [Key in keyof Catalogue]: Catalogue[Key] extends string
    ? string
    : Catalogue[Key] extends (...args: infer Args) => infer Result
      ? (...args: Args) => Result
      : Translation<Catalogue[Key]>
}

type Catalogues = Readonly<Record<string, unknown>>

let loadJapanese: () => Promise<Catalogues> = () => Promise.reject(new Error('no catalogue'))
let japanese: Catalogues | undefined
/** The language the interface shows. */
let shown: Language = 'en'
/** The language of the HTML being hydrated, or of the page being prerendered. */
let rendered: Language = 'en'
/** Counts requests to show a language, so only the latest one wins. */
let requests = 0
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Where the Japanese catalogue comes from: a dynamic import in the browser, static at build. */
export function setJapaneseCatalogue(load: () => Promise<Catalogues>) {
  loadJapanese = load
}

/**
 * Loads what `language` needs, then shows it; a later call overrides one still loading. When the
 * Japanese chunk cannot load (offline), the language shown stays as it is.
 */
export async function showLanguage(language: Language): Promise<void> {
  const request = ++requests
  if (language === 'ja' && japanese === undefined) {
    try {
      japanese = await loadJapanese()
    } catch (error) {
      console.warn('The Japanese strings could not be loaded', error)
      return
    }
  }
  if (request !== requests || language === shown) return
  shown = language
  for (const listener of listeners) listener()
}

/**
 * Starts in `language` (the HTML's, before hydrating it; the page's, when prerendering it): its
 * strings are loaded first, so the first render matches the HTML.
 */
export async function startIn(language: Language): Promise<void> {
  rendered = language
  await showLanguage(language)
}

export const currentLanguage = () => shown

export function useLanguage(): Language {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => rendered,
  )
}

/** A part's catalogue in the language shown; `name` is its key in app/i18n-en.ts. */
export function useStrings<Catalogue>(name: string, english: Catalogue): Catalogue {
  return useLanguage() === 'ja' && japanese !== undefined ? (japanese[name] as Catalogue) : english
}

const sameText = (english: string) => english

/**
 * Messages shared with the server (AUTH_MESSAGES and the like, src/shared/messages-ja.ts), which
 * travel as English text: shown in the language shown. Any other text (a server's answer already
 * in the request's language, a name) passes as it is.
 */
export const useMessages = (): ((english: string) => string) => useStrings('messages', sameText)
