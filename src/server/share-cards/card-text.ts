import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import opentype from 'opentype.js'

/**
 * Text drawn as SVG paths from font files shipped in npm packages, so a card looks the same on
 * every machine, one without a single font installed included (docs/decisions/share-card-text.md):
 * Orbitron (the brand's face) for Latin letters, Mochiy Pop One for Japanese and what Orbitron
 * lacks, each file loaded the first time a character needs it, at most CARD_FONT_FILES for a
 * card. A character neither font has (an emoji) is left out; no text of a profile ever reaches
 * the SVG as text. The server runs this on the card text thread (text-thread.ts), never on its
 * main thread.
 */

const require = createRequire(import.meta.url)

interface FontFile {
  /** The code point ranges the file covers, from its package's unicode.json. */
  ranges: [number, number][]
  file: string
}

/** unicode.json's `U+0000-00FF,U+0131` as ranges. */
function parseRanges(list: string): [number, number][] {
  return list.split(',').map((part) => {
    const [low = '0', high] = part.trim().replace(/^U\+/i, '').split('-')
    const start = Number.parseInt(low, 16)
    return [start, high === undefined ? start : Number.parseInt(high, 16)]
  })
}

/** The WOFF files of one fontsource package at one weight, by the ranges each covers. */
function fontFiles(pkg: string, family: string, weight: number): FontFile[] {
  const unicodeFile = require.resolve(`${pkg}/unicode.json`)
  const subsets = JSON.parse(fs.readFileSync(unicodeFile, 'utf8')) as Record<string, string>
  const dir = path.join(path.dirname(unicodeFile), 'files')
  return Object.entries(subsets).map(([subset, ranges]) => ({
    ranges: parseRanges(ranges),
    file: path.join(dir, `${family}-${subset.replace(/[[\]]/g, '')}-${weight}-normal.woff`),
  }))
}

/**
 * Files parsed and kept, the one used longest ago let go first. A card reads at most
 * CARD_FONT_FILES of them, and most names share a few slices (the kana, common kanji), which stay.
 */
const FONTS_KEPT = 32

/**
 * Font files one card's text may draw from, cached or not, so that what a card shows depends on
 * its text alone. Mochiy Pop One spreads its kanji over its slices about one a character, and each
 * slice takes a few milliseconds to parse, so without a bound a name of 50 kanji reads 50 files
 * for each card. Eight is Orbitron's file, which the handle and the ellipsis take first, and
 * seven slices: a Japanese personal name of family and given name, kana or kanji, needs at most
 * five, and a card still costs at most about what its pictures do. The name stops with '…' at
 * the first character past the bound (docs/decisions/share-card-text-thread.md).
 */
export const CARD_FONT_FILES = 8

/** The font files a card's text has drawn from so far. */
type FontsUsed = Set<string>

interface Placed {
  font: opentype.Font
  glyph: opentype.Glyph
}

/** What stands for a character whose font would be one file more than a card may draw from. */
const PAST_BOUND = Symbol('past the bound')

function fontChain() {
  const families = [
    fontFiles('@fontsource/orbitron', 'orbitron', 800),
    fontFiles('@fontsource/mochiy-pop-one', 'mochiy-pop-one', 400),
  ]
  /** In the order of their last use, the least recent first. */
  const parsed = new Map<string, opentype.Font>()
  const load = (file: string) => {
    let font = parsed.get(file)
    if (font === undefined) {
      const bytes = fs.readFileSync(file)
      font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))
      if (parsed.size >= FONTS_KEPT) parsed.delete(parsed.keys().next().value ?? '')
    } else {
      parsed.delete(file)
    }
    parsed.set(file, font)
    return font
  }
  /** The first font of the chain with a glyph for the code point, and that glyph. */
  return (codePoint: number, used: FontsUsed): Placed | null | typeof PAST_BOUND => {
    for (const files of families) {
      const covering = files.find(({ ranges }) =>
        ranges.some(([low, high]) => codePoint >= low && codePoint <= high),
      )
      if (covering === undefined) continue
      if (!used.has(covering.file) && used.size >= CARD_FONT_FILES) return PAST_BOUND
      used.add(covering.file)
      const font = load(covering.file)
      const glyph = font.charToGlyph(String.fromCodePoint(codePoint))
      if (glyph.index !== 0) return { font, glyph }
    }
    return null
  }
}

let glyphOf: ReturnType<typeof fontChain> | undefined

/**
 * The glyphs of a line, with every kind of space one space and nothing no font has; `cut` when
 * the line stops at a character past the card's bound of font files.
 */
function placeGlyphs(text: string, used: FontsUsed): { glyphs: Placed[]; cut: boolean } {
  glyphOf ??= fontChain()
  const glyphs: Placed[] = []
  let space = false
  for (const character of text.normalize('NFC')) {
    if (/\s/u.test(character)) {
      space = glyphs.length > 0
      continue
    }
    // Joiners, variation selectors and emoji no font has are left out, never drawn as boxes.
    const found = glyphOf(character.codePointAt(0) ?? 0, used)
    if (found === PAST_BOUND) return { glyphs, cut: true }
    if (found === null) continue
    if (space) {
      const blank = glyphOf(0x20, used)
      if (blank !== null && blank !== PAST_BOUND) glyphs.push(blank)
      space = false
    }
    glyphs.push(found)
  }
  return { glyphs, cut: false }
}

/** Width of glyphs at a size, with the kerning of each font between its own glyphs. */
function widthOf(glyphs: readonly Placed[], size: number): number {
  let width = 0
  glyphs.forEach(({ font, glyph }, index) => {
    width += ((glyph.advanceWidth ?? 0) * size) / font.unitsPerEm
    const next = glyphs[index + 1]
    if (next !== undefined && next.font === font) {
      width += (font.getKerningValue(glyph, next.glyph) * size) / font.unitsPerEm
    }
  })
  return width
}

export interface TextLine {
  /** SVG path data, '' when nothing of the text could be drawn. */
  d: string
  width: number
  size: number
}

/**
 * One line of text as path data, centred on `x` with its baseline at `y`: drawn at `size`, or
 * smaller down to `minSize` to fit `maxWidth`, and past that cut with an ellipsis, as it is where
 * a character's font would be past the card's bound of font files (`used`, shared by its lines).
 */
export function textLine(
  text: string,
  {
    x,
    y,
    size,
    minSize,
    maxWidth,
  }: { x: number; y: number; size: number; minSize: number; maxWidth: number },
  used: FontsUsed = new Set(),
): TextLine {
  // The ellipsis' font first, so that a line cut anywhere can end with it.
  const end = placeGlyphs('…', used).glyphs
  const placed = placeGlyphs(text, used)
  let glyphs = placed.glyphs
  let width = widthOf(placed.cut ? [...glyphs, ...end] : glyphs, size)
  if (width > maxWidth) {
    size = Math.max(minSize, (size * maxWidth) / width)
    width = widthOf(glyphs, size)
  }
  if (placed.cut || width > maxWidth) {
    while (glyphs.length > 0 && widthOf([...glyphs, ...end], size) > maxWidth) {
      glyphs = glyphs.slice(0, -1)
    }
    while (glyphs.length > 0 && glyphs.at(-1)?.glyph.unicode === 0x20) glyphs = glyphs.slice(0, -1)
    glyphs = [...glyphs, ...end]
    width = widthOf(glyphs, size)
  }
  let pen = x - width / 2
  const parts: string[] = []
  glyphs.forEach(({ font, glyph }, index) => {
    parts.push(glyph.getPath(pen, y, size).toPathData(1))
    pen += ((glyph.advanceWidth ?? 0) * size) / font.unitsPerEm
    const next = glyphs[index + 1]
    if (next !== undefined && next.font === font) {
      pen += (font.getKerningValue(glyph, next.glyph) * size) / font.unitsPerEm
    }
  })
  return { d: parts.join(''), width, size }
}

/** The card's text: its name, and its @handle under it or, with no name drawn, in its place. */
export interface CardText {
  name: TextLine
  handle: TextLine
}

/** Where the lines go on the card's 1200 px: centred, at most 1080 px wide. */
const CENTRE = 600
const TEXT_WIDTH = 1080

/**
 * The name and handle of a card as path data, drawn from at most CARD_FONT_FILES font files
 * between them: the handle's come first, so whatever the name needs, the handle is whole.
 */
export function cardText(name: string, handle: string): CardText {
  const used: FontsUsed = new Set()
  placeGlyphs(`@${handle}`, used)
  const nameLine = textLine(
    name,
    { x: CENTRE, y: 522, size: 60, minSize: 40, maxWidth: TEXT_WIDTH },
    used,
  )
  const alone = nameLine.d === ''
  const handleLine = textLine(
    `@${handle}`,
    { x: CENTRE, y: alone ? 522 : 574, size: alone ? 52 : 32, minSize: 24, maxWidth: TEXT_WIDTH },
    used,
  )
  return { name: nameLine, handle: handleLine }
}
