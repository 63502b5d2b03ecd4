import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp, { type OverlayOptions } from 'sharp'

/** The pink of the pictures' sky. */
export const SKY = [0xfb, 0xc4, 0xd8] as const

/** A colour as sharp takes it. */
const rgb = ([r, g, b]: readonly [number, number, number]) => ({ r, g, b })

/** A PNG file `name` of a `width`×`height` sky with `layer` over it, in a folder of its own. */
async function skyWith(
  name: string,
  width: number,
  height: number,
  layer: OverlayOptions,
): Promise<string> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-banner-')), name)
  await sharp({ create: { width, height, channels: 3, background: rgb(SKY) } })
    .composite([layer])
    .png()
    .toFile(file)
  return file
}

/** A 2400×1600 photo-like PNG file: a pink sky over a lavender hill, for a banner. */
export const landscape = () =>
  skyWith('sky.png', 2400, 1600, {
    input: Buffer.from(
      '<svg width="2400" height="1600"><ellipse cx="1200" cy="1600" rx="1600" ry="700" fill="#8b7fd6"/></svg>',
    ),
  })

/** The blue of markedCorner()'s bottom-right corner. */
export const CORNER = [0x1d, 0x5f, 0x99] as const

/**
 * A 4800×3200 PNG file, SKY but for its bottom-right corner (from 2200, 2200 on), which is CORNER:
 * a 3:1 crop zoomed twice (2400 × 800 of it, more than a banner keeps) and pushed to that corner
 * shows CORNER alone, while the centre, a smaller zoom or the whole picture shows SKY too.
 */
export const markedCorner = () =>
  skyWith('corner.png', 4800, 3200, {
    input: { create: { width: 2600, height: 1000, channels: 3, background: rgb(CORNER) } },
    left: 2200,
    top: 2200,
  })

/** How far a pixel of an image is from a colour: the sum of its channels' differences. */
export async function distanceAt(
  image: Buffer,
  { left, top }: { left: number; top: number },
  colour: readonly [number, number, number],
): Promise<number> {
  const { data } = await sharp(image)
    .extract({ left, top, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return colour.reduce((sum, expected, index) => sum + Math.abs((data[index] ?? 0) - expected), 0)
}

/**
 * Three files a picker may be handed that are not pictures: a text file, text named `.png`, and a
 * PNG cut off halfway (its header says PNG, its pixels never end).
 */
export async function notPictures(): Promise<string[]> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-not-pictures-'))
  const png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: rgb(SKY) },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="400" height="300"><circle cx="200" cy="150" r="90" fill="#8b7fd6"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer()
  const files = {
    'note.txt': Buffer.from('Not a picture: just words.\n'),
    'words.png': Buffer.from('Not a picture either, whatever its name says.\n'),
    'truncated.png': png.subarray(0, Math.floor(png.length / 2)),
  }
  return Promise.all(
    Object.entries(files).map(async ([name, bytes]) => {
      const file = path.join(folder, name)
      await fs.writeFile(file, bytes)
      return file
    }),
  )
}
