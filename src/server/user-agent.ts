import Bowser from 'bowser'

/**
 * The browsers Mofu names, as Bowser names them. A User-Agent header is whatever the client
 * wrote, and Bowser takes the first word of one it does not recognise for the browser's name:
 * "Call +1-555-0100 now/1.0" would read as a browser in the activity list and in a notice
 * mail. Only these names are shown; any other browser is an unknown one.
 */
const KNOWN_BROWSERS: ReadonlySet<string> = new Set([
  'Amazon Silk',
  'Android Browser',
  'Bada',
  'BlackBerry',
  'Brave',
  'Chrome',
  'Chromium',
  'DuckDuckGo',
  'Electron',
  'Epiphany',
  'Firefox',
  'Focus',
  'Google Search',
  'HeyTap Browser',
  'Internet Explorer',
  'K-Meleon',
  'Ladybird',
  'LibreWolf',
  'Maxthon',
  'Microsoft Edge',
  'MZ Browser',
  'NAVER Whale Browser',
  'Opera',
  'Opera Coast',
  'Pale Moon',
  'Puffin',
  'QQ Browser',
  'QQ Browser Lite',
  'Safari',
  'Sailfish',
  'Samsung Internet for Android',
  'SeaMonkey',
  'Sleipnir',
  'Sogou Browser',
  'Tizen',
  'UC Browser',
  'Vivaldi',
  'Vivo Browser',
  'WebOS Browser',
  'WeChat',
  'Yandex Browser',
])

/** The systems Bowser names; browsers freeze the version they report, so no version. */
const KNOWN_SYSTEMS: ReadonlySet<string> = new Set([
  'Android',
  'Bada',
  'BlackBerry',
  'Chrome OS',
  'HarmonyOS',
  'iOS',
  'Linux',
  'macOS',
  'PlayStation 4',
  'Roku',
  'Tizen',
  'WebOS',
  'Windows',
  'Windows Phone',
])

/** A known browser's name, alone or with its major version ('Chrome 131'). */
const BROWSER_WITH_VERSION = /^(.+?)(?: (\d{1,5}))?$/

/**
 * The browser as Mofu shows it: a known name with at most its major version, else null. Also
 * for names read back from storage, which may have been written before names were checked.
 */
export function shownBrowser(name: string | null | undefined): string | null {
  const [, browser] = BROWSER_WITH_VERSION.exec(name ?? '') ?? []
  return browser !== undefined && KNOWN_BROWSERS.has(browser) ? (name ?? null) : null
}

/** The system as Mofu shows it: a known name, else null (also for names read from storage). */
export function shownSystem(name: string | null | undefined): string | null {
  return name !== null && name !== undefined && KNOWN_SYSTEMS.has(name) ? name : null
}

/** 'Chrome 156' and 'Linux' from a User-Agent header; null for what it does not tell. */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null
  system: string | null
} {
  if (userAgent === null || userAgent === undefined || userAgent.trim() === '') {
    return { browser: null, system: null }
  }
  const { browser, os } = Bowser.parse(userAgent)
  const major = /^\d{1,5}(?=\.|$)/.exec(browser.version ?? '')?.[0]
  return {
    browser: shownBrowser([browser.name, major].filter(Boolean).join(' ')),
    system: shownSystem(os.name),
  }
}
