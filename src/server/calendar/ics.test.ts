import { describe, expect, it } from 'vitest'
import { escapeText, foldLine, icsCalendar, utcStamp } from './ics'

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })

  it('folds lines at 75 octets, never inside a character', () => {
    const ascii = `SUMMARY:${'x'.repeat(200)}`
    const folded = foldLine(ascii).split('\r\n')
    expect(folded.map((line) => line.length)).toEqual([75, 75, 60])
    expect(folded.slice(1).every((line) => line.startsWith(' '))).toBe(true)
    expect(folded.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(ascii)
    const japanese = `SUMMARY:${'葬送のフリーレン🌸'.repeat(10)}`
    const lines = foldLine(japanese).split('\r\n')
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(japanese)
    expect(foldLine('SHORT:ok')).toBe('SHORT:ok')
  })

  it('writes UTC times and ends every line with CRLF', () => {
    expect(utcStamp(new Date('2026-03-07T15:30:00.000Z'))).toBe('20260307T153000Z')
    const text = icsCalendar({ name: 'Mofu', stamp: new Date(0) }, [])
    expect(text).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Mofu//Calendar feed//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nX-WR-CALNAME:Mofu\r\nEND:VCALENDAR\r\n',
    )
  })
})
