import fs from 'node:fs'
import { createRequire } from 'node:module'

/**
 * Names that pull in as many of the card fonts' files as their length allows: Mochiy Pop One
 * comes as about 120 files by Unicode range (docs/decisions/share-card-text.md), and these take
 * each character from another one, read from the package's own list of what each file covers.
 */

const require = createRequire(import.meta.url)

/** For each of Mochiy Pop One's files that has any, its CJK ideographs (U+4E00 to U+9FFF). */
export function ideographsBySlice(): number[][] {
  const listing = fs.readFileSync(
    require.resolve('@fontsource/mochiy-pop-one/unicode.json'),
    'utf8',
  )
  const slices = Object.values(JSON.parse(listing) as Record<string, string>).map((ranges) =>
    ranges.split(',').flatMap((part) => {
      const [low = '0', high] = part.trim().replace(/^U\+/i, '').split('-')
      const from = Number.parseInt(low, 16)
      const to = high === undefined ? from : Number.parseInt(high, 16)
      return Array.from({ length: to - from + 1 }, (_, at) => from + at).filter(
        (codePoint) => codePoint >= 0x4e00 && codePoint <= 0x9fff,
      )
    }),
  )
  return slices.filter((ideographs) => ideographs.length > 0)
}

let slices: number[][] | undefined

/**
 * `length` ideographs, each from another file; each `round` gives another name, which starts
 * `length` files further on (so that no file it needs first was needed by the round before).
 */
export function spreadName(length: number, round = 0): string {
  slices ??= ideographsBySlice()
  const files = slices
  if (files.length < length) throw new Error(`only ${files.length} files have ideographs`)
  return Array.from({ length }, (_, at) => {
    const ideographs = files[(round * length + at) % files.length] ?? []
    return String.fromCodePoint(ideographs[round % ideographs.length] ?? 0x4e00)
  }).join('')
}
