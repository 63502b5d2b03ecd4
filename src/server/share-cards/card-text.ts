import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import opentype from 'opentype.js'

/**
 * Text drawn as SVG paths from font files shipped in npm packages, so a card looks the same on
 * every machine, one without a single font installed included (docs/decisions/share-card-text.md):
 * Orbitron (the brand's face) for Latin letters, Mochiy Pop One for Japanese and what Orbitron
 * lacks, each file loaded the first time a character needs it. A character neither font has
 * (an emoji) is left out; no text of a profile ever reaches the SVG as text.
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

/** Files parsed and kept; a name rarely needs more than a few of Mochiy Pop One's 120 slices. */
const FONTS_KEPT = 32

function fontChain() {
  const families = [
    fontFiles('@fontsource/orbitron', 'orbitron', 800),
    fontFiles('@fontsource/mochiy-pop-one', 'mochiy-pop-one', 400),
  ]
  const parsed = new Map<string, opentype.Font>()
  const load = (file: string) => {
    let font = parsed.get(file)
    if (font === undefined) {
      const bytes = fs.readFileSync(file)
      font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length))
      if (parsed.size >= FONTS_KEPT) parsed.delete(parsed.keys().next().value ?? '')
      parsed.set(file, font)
    }
    return font
  }
  /** The first font of the chain with a glyph for the code point, and that glyph. */
  return (codePoint: number): { font: opentype.Font; glyph: opentype.Glyph } | null => {
    for (const files of families) {
      const covering = files.find(({ ranges }) =>
        ranges.some(([low, high]) => codePoint >= low && codePoint <= high),
      )
      if (covering === undefined) continue
      const font = load(covering.file)
      const glyph = font.charToGlyph(String.fromCodePoint(codePoint))
      if (glyph.index !== 0) return { font, glyph }
    }
    return null
  }
}

let glyphOf: ReturnType<typeof fontChain> | undefined

interface Placed {
  font: opentype.Font
  glyph: opentype.Glyph
}

/** The glyphs of a line, with every kind of space one space and nothing no font has. */
function placeGlyphs(text: string): Placed[] {
  glyphOf ??= fontChain()
  const placed: Placed[] = []
  let space = false
  for (const character of text.normalize('NFC')) {
    if (/\s/u.test(character)) {
      space = placed.length > 0
      continue
    }
    // Joiners, variation selectors and emoji no font has are left out, never drawn as boxes.
    const found = glyphOf(character.codePointAt(0) ?? 0)
    if (found === null) continue
    if (space) {
      const blank = glyphOf(0x20)
      if (blank !== null) placed.push(blank)
      space = false
    }
    placed.push(found)
  }
  return placed
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
 * smaller down to `minSize` to fit `maxWidth`, and past that cut with an ellipsis.
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
): TextLine {
  let glyphs = placeGlyphs(text)
  let width = widthOf(glyphs, size)
  if (width > maxWidth) {
    size = Math.max(minSize, (size * maxWidth) / width)
    width = widthOf(glyphs, size)
  }
  if (width > maxWidth) {
    const ellipsis = placeGlyphs('…')
    while (glyphs.length > 0 && widthOf([...glyphs, ...ellipsis], size) > maxWidth) {
      glyphs = glyphs.slice(0, -1)
    }
    while (glyphs.length > 0 && glyphs.at(-1)?.glyph.unicode === 0x20) glyphs = glyphs.slice(0, -1)
    glyphs = [...glyphs, ...ellipsis]
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
