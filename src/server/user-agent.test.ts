import { describe, expect, it } from 'vitest'
import { describeUserAgent, shownBrowser, shownSystem } from './user-agent'

/** A User-Agent any client can send: its first word is what naive parsers call the browser. */
const SCAM = 'Mofu Security - call +1-555-0100 now to keep this account/1.0 (X11; Linux x86_64)'

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      'Chrome 131',
      'Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
      'Firefox 125',
      'Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari 17',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
      'Microsoft Edge 124',
      'Windows',
    ],
  ])('names a known browser and system: %s', (userAgent, browser, system) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, system })
  })

  it.each([
    [SCAM, { browser: null, system: 'Linux' }],
    ['Totally Legit Bank/9 (Call us now)', { browser: null, system: null }],
    ['curl/8.5.0 (x86_64-pc-linux-gnu)', { browser: null, system: 'Linux' }],
    ['Mofu test browser', { browser: null, system: null }],
    ['', { browser: null, system: null }],
    [null, { browser: null, system: null }],
  ])('names no browser it does not know, whatever the header says: %s', (userAgent, described) => {
    expect(describeUserAgent(userAgent)).toEqual(described)
  })
})

describe('shownBrowser and shownSystem', () => {
  it('keep a known name as stored, with or without its major version', () => {
    expect(shownBrowser('Chrome 131')).toBe('Chrome 131')
    expect(shownBrowser('Samsung Internet for Android 24')).toBe('Samsung Internet for Android 24')
    expect(shownBrowser('Firefox')).toBe('Firefox')
    expect(shownSystem('macOS')).toBe('macOS')
    expect(shownSystem('PlayStation 4')).toBe('PlayStation 4')
  })

  it('show nothing for text a client wrote, stored before names were checked', () => {
    for (const stored of [
      'Mofu Security - call +1-555-0100 now to keep this account 1',
      'Chrome 131 - call +1-555-0100',
      'Chrome 1.0.0',
      'Chrome\n131',
      'chrome 131',
      '',
      null,
    ]) {
      expect(shownBrowser(stored), String(stored)).toBeNull()
    }
    for (const stored of ['Linux - call +1-555-0100', 'linux', 'Linux 6', '', null]) {
      expect(shownSystem(stored), String(stored)).toBeNull()
    }
  })
})
