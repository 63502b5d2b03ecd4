import fs from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { CARD_FONT_FILES, cardText, textLine } from './card-text'
import {
  ACCENT_BAR_TOP,
  cardAccent,
  renderShareCard,
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
  type ShareCardInput,
} from './render-card'

const mascot = fs.readFileSync('public/images/mofurun.png')
const frame = fs.readFileSync('public/frames/cat-ears.svg')
/** A banner as uploads store it: 1500 x 500. */
const banner = await sharp({
  create: { width: 1500, height: 500, channels: 3, background: '#336699' },
})
  .jpeg()
  .toBuffer()

const card = (input: Partial<ShareCardInput>) =>
  renderShareCard({
    name: 'Sora',
    handle: 'Sora',
    accent: 'mint',
    frame,
    avatar: mascot,
    banner,
    ...input,
  })

async function pixels(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })
  return {
    info,
    at: (x: number, y: number) => {
      const offset = (y * info.width + x) * info.channels
      return [data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0]
    },
  }
}

/** Pixels of the name's colour (near white) in a box of the card. */
async function nameInk(jpeg: Buffer, box = { left: 0, top: 460, right: 1200, bottom: 540 }) {
  const { at } = await pixels(jpeg)
  let count = 0
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left; x < box.right; x++) {
      if (at(x, y).every((channel) => channel > 200)) count += 1
    }
  }
  return count
}

const hex = (colour: string) => [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16))

describe('the share card', () => {
  it('is a 1200 x 630 JPEG', async () => {
    const meta = await sharp(await card({})).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual([
      'jpeg',
      SHARE_CARD_WIDTH,
      SHARE_CARD_HEIGHT,
    ])
  })

  it('draws its accent line along the bottom in the accent colour', async () => {
    for (const accent of ['mint', 'lavender'] as const) {
      const { at } = await pixels(await card({ accent }))
      const [r = 0, g = 0, b = 0] = at(600, ACCENT_BAR_TOP + 8)
      const [er = 0, eg = 0, eb = 0] = hex(cardAccent(accent))
      expect(Math.abs(r - er) + Math.abs(g - eg) + Math.abs(b - eb), accent).toBeLessThan(24)
    }
  })

  it('stands an accent design in for a missing banner', async () => {
    const { at } = await pixels(await card({ accent: 'sakura', banner: null }))
    const [r = 0, g = 0, b = 0] = at(20, 20)
    // Sakura's pink, not the banner's blue.
    expect(r).toBeGreaterThan(b)
    expect(r).toBeGreaterThan(g + 40)
  })

  it('draws a Japanese name, and leaves out what no font has without a box', async () => {
    expect(await nameInk(await card({ name: '山田 花子' }))).toBeGreaterThan(1500)
    expect(await nameInk(await card({ name: 'そら' }))).toBeGreaterThan(800)
    // Emoji alone: nothing drawn for the name, the handle takes its place in the accent colour.
    expect(await nameInk(await card({ name: '🌸\u200d✨' }))).toBe(0)
  })

  it('fits a long name within the card, cut with an ellipsis', async () => {
    const long = 'W'.repeat(50)
    const line = textLine(long, { x: 600, y: 522, size: 60, minSize: 40, maxWidth: 1080 })
    expect(line.width).toBeLessThanOrEqual(1080)
    expect(line.size).toBe(40)
    const jpeg = await card({ name: long })
    expect(await nameInk(jpeg, { left: 200, top: 460, right: 1000, bottom: 540 })).toBeGreaterThan(
      1000,
    )
    expect(await nameInk(jpeg, { left: 0, top: 460, right: 55, bottom: 540 })).toBe(0)
    expect(await nameInk(jpeg, { left: 1145, top: 460, right: 1200, bottom: 540 })).toBe(0)
  })

  it('draws a name from at most CARD_FONT_FILES font files, cut there with an ellipsis', async () => {
    const box = { x: 600, y: 522, size: 60, minSize: 40, maxWidth: 1080 }
    // Each kanji and the kana here is in another of Mochiy Pop One's files, and the ellipsis in
    // Orbitron's: the eighth of the Japanese font's files is one too many.
    const eight = '東京都渋谷区の猫'
    expect(textLine(eight, box).d).toBe(textLine('東京都渋谷区の…', box).d)
    const seven = '北海道札幌市中央区'
    expect(textLine(seven, box).d).not.toBe(textLine('北海道札幌市中央…', box).d)
    // On the card the handle is whole, and the name still drawn.
    expect(cardText(eight, 'sora').handle.d).toBe(cardText('Sora', 'sora').handle.d)
    expect(await nameInk(await card({ name: eight }))).toBeGreaterThan(1500)
    expect(CARD_FONT_FILES).toBe(8)
  })

  it('draws a hostile name as the text it is: only outlines reach the SVG', async () => {
    const hostile = '</svg><script>alert(1)</script> & "x" \'y\' <!--'
    const line = textLine(hostile, { x: 600, y: 522, size: 60, minSize: 40, maxWidth: 1080 })
    expect(line.d).toMatch(/^[MLQCZ0-9.\- ]+$/)
    const jpeg = await card({ name: hostile, handle: 'x&y' })
    expect((await sharp(jpeg).metadata()).width).toBe(SHARE_CARD_WIDTH)
    expect(await nameInk(jpeg)).toBeGreaterThan(1000)
  })
})
