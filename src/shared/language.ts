import { cookieIn, LANGUAGE_COOKIE } from './cookies'

/**
 * The interface languages (docs/architecture.md "Languages"): English, the language its texts
 * are written in, and Japanese. No zod here: the pre-paint script inlined into index.html
 * imports these names and must stay tiny.
 */

export const LANGUAGES = ['en', 'ja'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

/** What a visitor chooses in Settings: a language, or the browser's own languages. */
export const LANGUAGE_CHOICES = ['en', 'ja', 'system'] as const
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number]

export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.some((language) => language === value)

/** The first supported language of a list in order of preference (`ja-JP` counts as `ja`). */
export function firstSupported(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split('-')[0]
    if (isLanguage(primary)) return primary
  }
  return undefined
}

/** The languages of an Accept-Language header, best first; `q=0` refuses one. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';')
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag)
}

/** The language cookie's value, or undefined when absent or not a supported language. */
export function languageCookie(cookieHeader: string | undefined): Language | undefined {
  const value = cookieIn(cookieHeader, LANGUAGE_COOKIE)
  return isLanguage(value) ? value : undefined
}

/** The language a request is answered in: the cookie's, else Accept-Language's, else English. */
export function requestLanguage(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  return (
    languageCookie(cookieHeader) ??
    firstSupported(acceptedLanguages(acceptLanguage)) ??
    DEFAULT_LANGUAGE
  )
}

/** Every way to ask for Japanese (`lang=ja`, `ja-JP`, `JA`) spells these two letters. */
const MAY_ASK_FOR_JAPANESE = /ja/i

/**
 * The language of an answer (docs/architecture.md "Languages"): the `lang` cookie, else
 * Accept-Language, else English; only 'en' or 'ja', whatever the headers hold. A request that
 * names no Japanese at all, as most do, is answered in English without parsing either header.
 */
export function headerLanguage(
  cookie: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Language {
  const cookies = cookie ?? undefined
  const accepted = acceptLanguage ?? undefined
  if (!MAY_ASK_FOR_JAPANESE.test(cookies ?? '') && !MAY_ASK_FOR_JAPANESE.test(accepted ?? '')) {
    return 'en'
  }
  return requestLanguage(cookies, accepted)
}

/** The language of a request by its headers (none when the server acts on its own). */
export const headersLanguage = (
  headers: { get(name: string): string | null } | null | undefined,
): Language => headerLanguage(headers?.get('cookie'), headers?.get('accept-language'))
