import type { Language } from '@shared/language'
import { useLanguage } from './i18n'

/**
 * Numbers and dates as the language shown writes them, through Intl (README "Languages"). One
 * formatter per language and style, made on first use: there are two languages and few styles.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function cached<Format extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => Format,
): Format {
  const made = (formats.get(key) as Format | undefined) ?? make()
  formats.set(key, made)
  return made
}

const formatNumber = (language: Language, value: number) =>
  cached(`n-${language}`, () => new Intl.NumberFormat(language)).format(value)

/** A day ('medium') or a day and a time ('short' time too). */
function formatDate(language: Language, date: Date, withTime = false) {
  return cached(
    `d-${language}-${withTime}`,
    () =>
      new Intl.DateTimeFormat(language, {
        dateStyle: 'medium',
        ...(withTime ? { timeStyle: 'short' } : {}),
      }),
  ).format(date)
}

/** Formats numbers in the language shown. */
export function useNumberFormat(): (value: number) => string {
  const language = useLanguage()
  return (value) => formatNumber(language, value)
}

/** Formats dates in the language shown. */
export function useDateFormat(): (date: Date, withTime?: boolean) => string {
  const language = useLanguage()
  return (date, withTime) => formatDate(language, date, withTime)
}
