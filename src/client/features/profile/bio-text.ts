/** A run of a bio as shown: plain text, or a web address shown as a link to itself. */
export interface BioPart {
  text: string
  href?: string
}

/**
 * A web address as people write one in running text: http or https, then the characters an
 * address may hold (RFC 3986). A space, a Japanese character or a quote ends it.
 */
const ADDRESS = /https?:\/\/[\w\-.~:/?#[\]@!$&'()*+,;=%]+/giu

/** Marks that end the sentence around an address rather than the address itself. */
const SENTENCE_MARKS = new Set(['.', ',', ';', ':', '!', '?', "'", '"', ']'])

const count = (text: string, mark: string) => text.split(mark).length - 1

/**
 * The address without the sentence's marks after it; a closing bracket stays when the address
 * opened one (https://wiki.example/Mofu_(mascot)).
 */
function withoutSentenceEnd(address: string): string {
  let end = address.length
  for (; end > 0; end--) {
    const last = address[end - 1] ?? ''
    const kept = address.slice(0, end)
    if (last === ')' ? count(kept, '(') >= count(kept, ')') : !SENTENCE_MARKS.has(last)) break
  }
  return address.slice(0, end)
}

/** The address parsed, if it is a web address (http or https) with a host. */
function webAddress(text: string): URL | undefined {
  try {
    const url = new URL(text)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
      ? url
      : undefined
  } catch {
    return undefined
  }
}

/**
 * A bio cut into plain text and the web addresses in it (docs/using.md "Profile fields"): the
 * parts joined give the bio back unchanged, line breaks included.
 */
export function bioParts(bio: string): BioPart[] {
  const parts: BioPart[] = []
  let shown = 0
  for (const match of bio.matchAll(ADDRESS)) {
    const text = withoutSentenceEnd(match[0])
    const href = webAddress(text)?.href
    if (href === undefined) continue
    if (match.index > shown) parts.push({ text: bio.slice(shown, match.index) })
    parts.push({ text, href })
    shown = match.index + text.length
  }
  if (shown < bio.length) parts.push({ text: bio.slice(shown) })
  return parts
}
