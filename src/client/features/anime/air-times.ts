/**
 * When a title airs, as its page writes it. Dates and the first render's slot are Japan's, where
 * the catalog's titles air, computed without Intl so the server's HTML and the browser's first
 * render agree to the character; the viewer's own time zone comes after hydration (Intl).
 */

const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000
export const JAPAN_TIME_ZONE = 'Asia/Tokyo'

/** A moment as a day, a weekday and a time of day in a time zone. */
export interface LocalTime {
  year: number
  /** 0 for January. */
  month: number
  day: number
  /** 0 for Sunday. */
  weekday: number
  /** `HH:MM`, on the 24-hour clock. */
  time: string
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A moment in Japan: UTC moved by nine hours (Japan keeps no summer time). */
export function inJapan(at: Date): LocalTime {
  const shifted = new Date(at.getTime() + JAPAN_OFFSET_MS)
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
  }
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** A moment in a time zone the browser knows (Intl); Japan's when it knows none by that name. */
export function inZone(at: Date, timeZone: string): LocalTime {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(at)
  } catch {
    return inJapan(at)
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((found) => found.type === type)?.value ?? ''
  return {
    year: Number(part('year')),
    month: Number(part('month')) - 1,
    day: Number(part('day')),
    weekday: Math.max(0, WEEKDAYS.indexOf(part('weekday'))),
    time: `${pad(Number(part('hour')))}:${part('minute')}`,
  }
}

/** A weekly slot, a daily one, or one showing; read from an ISO 8601 repeating interval. */
export interface Slot {
  start: Date
  repeats: 'weekly' | 'daily' | 'once'
}

/** `R/2024-04-06T15:00:00.000Z/P7D` as a slot; null for what it cannot read. */
export function readSlot(broadcast: string | null): Slot | null {
  const match = /^R\d*\/([^/]+)\/(P[0-9YMWDTHS]+)$/.exec(broadcast ?? '')
  if (match === null) return null
  const start = new Date(match[1] ?? '')
  if (Number.isNaN(start.getTime())) return null
  const period = match[2]
  return {
    start,
    repeats: period === 'P7D' || period === 'P1W' ? 'weekly' : period === 'P1D' ? 'daily' : 'once',
  }
}
