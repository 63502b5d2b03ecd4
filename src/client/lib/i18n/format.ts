import type { Language } from '@shared/language'
import { useLanguage } from './i18n'

/**
 * Numbers, dates and lists as the language shown writes them, through Intl (docs/architecture.md "Languages"). One
 * formatter per language and style, made on first use: there are two languages and few styles.
 */
type Format = Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat
const formats = new Map<string, Format>()

function cached<Made extends Format>(key: string, make: () => Made): Made {
  const made = (formats.get(key) as Made | undefined) ?? make()
  formats.set(key, made)
  return made
}

/**
 * Whole numbers under a thousand are written alike in both languages (no grouping, Western
 * digits), so they skip Intl: its first use loads locale data (34 ms of one task on the bench
 * machine, unthrottled), and the home page only shows small counts. Intl writes -0 as "-0", so
 * -0 stays with it.
 */
const isSmallWhole = (value: number) =>
  Number.isInteger(value) && Math.abs(value) < 1000 && !Object.is(value, -0)

export const formatNumber = (language: Language, value: number) =>
  isSmallWhole(value)
    ? String(value)
    : cached(`n-${language}`, () => new Intl.NumberFormat(language)).format(value)

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

/** Names joined as the language lists them: `a, b, and c`, `a、b、c`. */
export function useListFormat(): (items: readonly string[]) => string {
  const language = useLanguage()
  return (items) =>
    cached(`l-${language}`, () => new Intl.ListFormat(language, { type: 'conjunction' })).format(
      items,
    )
}
