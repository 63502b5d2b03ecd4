import { Parser } from 'htmlparser2'

/**
 * Whether the page has an <a> or <link> whose rel holds "me" and whose href, resolved against
 * the page's base URL, is the profile's address. The comparison is exact but for the fragment:
 * http://, a trailing slash or another case in the path name another address.
 */
export function linksBack(html: string, pageUrl: URL, profile: string): boolean {
  const hrefs: string[] = []
  let baseHref: string | undefined
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'base' && baseHref === undefined) baseHref = attributes.href
      const rel = attributes.rel?.toLowerCase().split(/[\t\n\f\r ]+/) ?? []
      if ((name === 'a' || name === 'link') && rel.includes('me') && attributes.href !== undefined)
        hrefs.push(attributes.href)
    },
  })
  parser.end(html)
  const base = (baseHref === undefined ? undefined : parsed(baseHref, pageUrl)) ?? pageUrl
  return hrefs.some((href) => {
    const url = parsed(href, base)
    return url !== undefined && withoutFragment(url) === profile
  })
}

function parsed(text: string, base: URL): URL | undefined {
  try {
    return new URL(text, base)
  } catch {
    return undefined
  }
}

export function withoutFragment(url: URL): string {
  const copy = new URL(url)
  copy.hash = ''
  return copy.href
}
