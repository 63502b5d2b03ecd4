import { describe, expect, it } from 'vitest'
import { acceptedLanguages, firstSupported, languageCookie, requestLanguage } from './language'

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
