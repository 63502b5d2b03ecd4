/**
 * An iCalendar file (RFC 5545) of episodes: one VEVENT each, times in UTC. Written here rather
 * than with a generator library: the ones on npm fold lines by encoding every character on its
 * own, about a second for a feed of 800 episodes, where this takes a few milliseconds.
 */

export interface CalendarEvent {
  /** Unique and stable across fetches, so a calendar app updates an event instead of adding one. */
  uid: string
  start: Date
  end: Date
  summary: string
  description: string
  url: string
}

/** `20261206T153000Z`: a UTC date-time (RFC 5545 3.3.5, form 2). */
export const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export const escapeText = (text: string) =>
  text.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/\r\n|\r|\n/g, '\\n')

const MAX_OCTETS = 75

/**
 * One content line, folded (RFC 5545 3.1): no line longer than 75 octets of UTF-8, each
 * continuation starting with a space, and never inside a character. Lines of ASCII alone, which
 * are most, are cut by length without encoding them.
 */
export function foldLine(line: string): string {
  if (line.length <= MAX_OCTETS && !/[^ -~]/.test(line)) return line
  const parts: string[] = []
  let part = ''
  let octets = 0
  // The first line holds 75 octets; each continuation 74 after its leading space.
  let room = MAX_OCTETS
  for (const char of line) {
    const code = char.codePointAt(0) ?? 0
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
    if (octets + size > room) {
      parts.push(part)
      part = ''
      octets = 0
      room = MAX_OCTETS - 1
    }
    part += char
    octets += size
  }
  parts.push(part)
  return parts.join('\r\n ')
}

/**
 * The calendar: its name, then the events, every line folded and ended with CRLF. A title's
 * episodes share their summary, description and link: each such line is escaped and folded once.
 */
export function icsCalendar(
  { name, stamp }: { name: string; stamp: Date },
  events: readonly CalendarEvent[],
): string {
  const dtstamp = utcStamp(stamp)
  const written = new Map<string, string>()
  const once = (property: string, value: string, escape = true) => {
    const key = `${property}:${value}`
    let line = written.get(key)
    if (line === undefined) {
      line = foldLine(`${property}:${escape ? escapeText(value) : value}`)
      written.set(key, line)
    }
    return line
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Mofu//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    foldLine(`X-WR-CALNAME:${escapeText(name)}`),
  ]
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      foldLine(`UID:${escapeText(event.uid)}`),
      `DTSTAMP:${dtstamp}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DTEND:${utcStamp(event.end)}`,
      once('SUMMARY', event.summary),
      once('DESCRIPTION', event.description),
      once('URL', event.url, false),
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return `${lines.join('\r\n')}\r\n`
}
