import { describe, expect, it } from 'vitest'
import {
  acceptedLanguages,
  firstSupported,
  headerLanguage,
  languageCookie,
  requestLanguage,
} from './language'

describe('acceptedLanguages', () => {
  it('orders by q, keeps the order of equals and drops refused and wildcard entries', () => {
    expect(acceptedLanguages('fr;q=0.5, ja-JP, en;q=0.8, de;q=0, *;q=0.1')).toEqual([
      'ja-JP',
      'en',
      'fr',
    ])
  })
  it('reads a missing or empty header as no preference', () => {
    expect(acceptedLanguages(undefined)).toEqual([])
    expect(acceptedLanguages('')).toEqual([])
  })
})

describe('firstSupported', () => {
  it('takes the first list entry Mofu speaks, by its primary subtag', () => {
    expect(firstSupported(['fr-FR', 'JA-jp', 'en'])).toBe('ja')
    expect(firstSupported(['de', 'fr'])).toBeUndefined()
  })
})

describe('requestLanguage', () => {
  it('follows the cookie first', () => {
    expect(requestLanguage('darkMode=true; lang=ja', 'en-US,en')).toBe('ja')
    expect(requestLanguage('lang=en', 'ja')).toBe('en')
  })
  it('falls back to Accept-Language, then English', () => {
    expect(requestLanguage('lang=xx', 'de, ja;q=0.9')).toBe('ja')
    expect(requestLanguage(undefined, 'de')).toBe('en')
    expect(requestLanguage(undefined, undefined)).toBe('en')
  })
  it('ignores a cookie whose name only ends in lang', () => {
    expect(languageCookie('xlang=ja')).toBeUndefined()
  })
})

const COOKIES = [
  undefined,
  '',
  'lang=ja',
  'lang=en',
  'darkMode=true; lang=ja',
  'lang=JA',
  'lang=ja-JP',
  'lang=<script>',
  'lang=ja; lang=en',
  'session=ja.ja; mofu_device=abc',
  'lang=' + 'j'.repeat(5000),
]
const ACCEPTED = [undefined, '', 'ja-JP,ja;q=0.9', 'en-US,en;q=0.9', 'de, ja;q=0.1', 'ja;q=0', 'JA']

describe('headerLanguage', () => {
  it('answers what requestLanguage answers, for every cookie and Accept-Language', () => {
    for (const cookie of COOKIES) {
      for (const accepted of ACCEPTED) {
        expect(headerLanguage(cookie, accepted), `${cookie} / ${accepted}`).toBe(
          requestLanguage(cookie, accepted),
        )
      }
    }
  })

  it('reads Japanese from the cookie or the browser, English from junk or nothing', () => {
    expect(headerLanguage('lang=ja', undefined)).toBe('ja')
    expect(headerLanguage(null, 'ja-JP,ja;q=0.9')).toBe('ja')
    expect(headerLanguage('lang=jp', null)).toBe('en')
    expect(headerLanguage(null, null)).toBe('en')
  })
})
