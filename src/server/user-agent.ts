import Bowser from 'bowser'

/** 'Chrome 156' and 'Linux' from a User-Agent header; null for what it does not tell. */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null
  system: string | null
} {
  if (userAgent === null || userAgent === undefined || userAgent.trim() === '') {
    return { browser: null, system: null }
  }
  const { browser, os } = Bowser.parse(userAgent)
  const major = browser.version?.split('.')[0]
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    // Browsers freeze the system version they report (macOS 10.15, Windows 10): the name only.
    system: os.name || null,
  }
}
