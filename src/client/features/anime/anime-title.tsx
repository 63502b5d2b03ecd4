import { seasonOf, type AnimeLanguage, type AnimeSummary } from '@shared/anime'
import type { Language } from '@shared/language'
import { titleHue } from '@client/components/art/title-art'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { ANIME } from './strings'

/** The data's language tags as HTML's `lang` spells them. */
export const HTML_LANG: Record<AnimeLanguage, string> = {
  ja: 'ja',
  en: 'en',
  'zh-Hans': 'zh-Hans',
  'zh-Hant': 'zh-Hant',
}

/** The title's translation into the language shown, when the data has one and it differs. */
export function translationFor(anime: AnimeSummary, language: Language): string | null {
  if (anime.lang === language) return null
  const translated = anime.translations[language]?.[0]
  return translated === undefined || translated === anime.title ? null : translated
}

/** The title as the name of a button or a notice: its translation when there is one. */
export function titleFor(anime: AnimeSummary, language: Language): string {
  return translationFor(anime, language) ?? anime.title
}

/** The title as published, its translation in the language shown, and its type and year. */
export function AnimeTitle({ anime }: { anime: AnimeSummary }) {
  const language = useLanguage()
  const strings = useStrings('anime', ANIME)
  const translated = translationFor(anime, language)
  // The year in Japan, where the title airs, as its season is counted.
  const year = seasonOf(anime.beginAt)?.year ?? null
  return (
    <span className="flex min-w-0 flex-col">
      {/* A title is a name: never translated (browsers' translators leave it alone too). */}
      <span lang={HTML_LANG[anime.lang]} translate="no" className="truncate font-bold text-ink">
        {anime.title}
      </span>
      {translated !== null && (
        <span translate="no" className="truncate text-sm text-ink">
          {translated}
        </span>
      )}
      <span className="text-xs text-ink-muted">
        {strings.type[anime.type]}
        {year !== null && ` · ${year}`}
      </span>
    </span>
  )
}

/** The round swatch that stands for a title: its colour, and its first letter. */
export function TitleSwatch({ anime }: { anime: AnimeSummary }) {
  const hue = titleHue(anime.id)
  return (
    <span
      aria-hidden="true"
      className="grid size-10 shrink-0 place-items-center rounded-xl text-lg font-bold text-night-900 shadow-sm"
      style={{
        background: `linear-gradient(135deg, hsl(${hue} 85% 82%), hsl(${(hue + 40) % 360} 80% 72%))`,
      }}
    >
      {[...anime.title][0]}
    </span>
  )
}
