import { describe, expect, it } from 'vitest'
import { DEFAULT_EFFECTS } from '@shared/preferences'
import { parseDarkModeCookie, parseStored, resolveDark, resolveLanguage } from './stored'

const parseFont = (raw: string | null) => parseStored('font', raw)
const parseTheme = (raw: string | null) => parseStored('theme', raw)
const parseLanguageChoice = (raw: string | null) => parseStored('language', raw)
const parseEffects = (raw: string | null) => parseStored('effects', raw)

describe('parsing stored preferences', () => {
  it('reads the font, falling back to orbitron', () => {
    expect(parseFont('default')).toBe('default')
    expect(parseFont('orbitron')).toBe('orbitron')
    expect(parseFont(null)).toBe('orbitron')
    expect(parseFont('Comic Sans')).toBe('orbitron')
  })

  it('reads the theme, or null when none was chosen', () => {
    expect(parseTheme('system')).toBe('system')
    expect(parseTheme('purple')).toBeNull()
    expect(parseTheme(null)).toBeNull()
  })

  it('reads the language chosen, or system when none was chosen or it is unreadable', () => {
    expect(parseLanguageChoice('ja')).toBe('ja')
    expect(parseLanguageChoice('en')).toBe('en')
    expect(parseLanguageChoice('system')).toBe('system')
    expect(parseLanguageChoice(null)).toBe('system')
    expect(parseLanguageChoice('JA')).toBe('system')
    expect(parseLanguageChoice('ja-JP')).toBe('system')
    expect(parseLanguageChoice('<script>')).toBe('system')
  })

  it('resolves the language in effect: the choice, else the browser, else English', () => {
    expect(resolveLanguage('ja', ['en-US'])).toBe('ja')
    expect(resolveLanguage('en', ['ja-JP'])).toBe('en')
    expect(resolveLanguage('system', ['ja-JP', 'en'])).toBe('ja')
    expect(resolveLanguage('system', ['fr-FR', 'en-GB', 'ja'])).toBe('en')
    expect(resolveLanguage('system', ['fr', 'de'])).toBe('en')
    expect(resolveLanguage('system', [])).toBe('en')
  })

  it.each([
    [null, DEFAULT_EFFECTS],
    ['{bad json', DEFAULT_EFFECTS],
    ['"a string"', DEFAULT_EFFECTS],
    ['null', DEFAULT_EFFECTS],
    ['[false]', DEFAULT_EFFECTS],
    ['{"hamburgerBounce":"no","other":false}', DEFAULT_EFFECTS],
    ['{"filterJumpEffect":false}', { ...DEFAULT_EFFECTS, filterJumpEffect: false }],
  ])('reads action-settings %s', (raw, expected) => {
    expect(parseEffects(raw)).toEqual(expected)
  })

  it('reads the darkMode cookie among others', () => {
    expect(parseDarkModeCookie('a=1; darkMode=false; b=2')).toBe(false)
    expect(parseDarkModeCookie('darkMode=true')).toBe(true)
    expect(parseDarkModeCookie('darkMode=1')).toBeNull()
    expect(parseDarkModeCookie('')).toBeNull()
  })
})

describe('resolveDark: a chosen theme decides, else the cookie, else dark', () => {
  it.each([
    ['light', true, true, false],
    ['dark', false, false, true],
    ['system', false, true, true],
    ['system', true, false, false],
    [null, false, true, false],
    [null, true, false, true],
    [null, null, false, true],
  ] as const)('theme %s, cookie %s, device dark %s -> %s', (theme, cookie, device, dark) => {
    expect(resolveDark(theme, cookie, device)).toBe(dark)
  })
})
