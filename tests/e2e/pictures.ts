import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'

/** The pink of landscape()'s sky. */
export const SKY = [0xfb, 0xc4, 0xd8] as const

/** A 2400×1600 photo-like PNG file: a pink sky over a lavender hill, for a banner. */
export async function landscape(): Promise<string> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-banner-')), 'sky.png')
  await sharp({
    create: {
      width: 2400,
      height: 1600,
      channels: 3,
      background: { r: SKY[0], g: SKY[1], b: SKY[2] },
    },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="2400" height="1600"><ellipse cx="1200" cy="1600" rx="1600" ry="700" fill="#8b7fd6"/></svg>',
        ),
      },
    ])
    .png()
    .toFile(file)
  return file
}

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
