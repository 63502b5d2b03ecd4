import { thumbHashToDataURL } from 'thumbhash'

const decoded = new Map<string, string>()

/**
 * The placeholder painted while an avatar loads: its thumbhash (base64, as the profile carries
 * it) as a tiny PNG data URL; undefined for none or one that cannot be read. Decoded once each.
 */
export function thumbhashPlaceholder(thumbhash: string): string | undefined {
  if (thumbhash === '') return undefined
  const known = decoded.get(thumbhash)
  if (known !== undefined) return known
  try {
    const url = thumbHashToDataURL(Uint8Array.from(atob(thumbhash), (char) => char.charCodeAt(0)))
    decoded.set(thumbhash, url)
    return url
  } catch {
    return undefined
  }
}
