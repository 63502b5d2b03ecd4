import { seasonOf, type Anime } from '@shared/anime'
import type { Language } from '@shared/language'
import { formatNumber } from '@client/lib/i18n/format'
import type { Translation } from '@client/lib/i18n/i18n'
import { translationFor } from './anime-title'
import type { ANIME } from './strings'

type Strings = Translation<typeof ANIME>

/** "Spring 2026" for a title's first air date; null without one. */
export function seasonName(beginAt: string | null, strings: Strings): string | null {
  const season = seasonOf(beginAt)
  return season === null ? null : strings.seasonOfYear(strings.season[season.season], season.year)
}

/**
 * What a title page is called and the line a link preview shows under it: its title with its
 * translation in the page's language, then what it is and how many here like it. The server
 * writes these into the page's head (src/server/catalog/anime-page.ts).
 */
export function animeHeadline(
  anime: Anime,
  language: Language,
  strings: Strings,
): { title: string; description: string } {
  const translated = translationFor(anime, language)
  const title =
    translated === null
      ? anime.title
      : language === 'ja'
        ? `${anime.title}（${translated}）`
        : `${anime.title} (${translated})`
  const kind = strings.title.kindOf(strings.type[anime.type], seasonName(anime.beginAt, strings))
  const likes = strings.title.likes(anime.likes, (n) => formatNumber(language, n))
  return {
    title,
    description: language === 'ja' ? `${kind}。${likes}` : `${kind}. ${likes}`,
  }
}
