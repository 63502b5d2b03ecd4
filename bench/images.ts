import sharp from 'sharp'
import { randomFrom } from './stats'

/** Size of the random colour field that, enlarged, gives the smooth shapes of a photo. */
const BLOB_CELL_PX = 48
const GRAIN = 18

/**
 * A JPEG that compresses like a photograph rather than a flat test card: soft colour shapes
 * (a small random image enlarged with a cubic filter), a light gradient across the frame and
 * per-pixel sensor grain. Deterministic for a given seed.
 */
export async function photoLikeJpeg(width: number, height: number, seed = 7): Promise<Buffer> {
  const random = randomFrom(seed)
  const cellsX = Math.ceil(width / BLOB_CELL_PX)
  const cellsY = Math.ceil(height / BLOB_CELL_PX)
  const cells = Buffer.alloc(cellsX * cellsY * 3)
  for (let i = 0; i < cells.length; i++) cells[i] = Math.floor(random() * 256)
  const blobs = await sharp(cells, { raw: { width: cellsX, height: cellsY, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer()

  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3
      const light = (x / width) * 60 + (y / height) * 40
      for (let channel = 0; channel < 3; channel++) {
        const grain = (random() - 0.5) * GRAIN
        pixels[at + channel] = clampByte((blobs[at + channel] ?? 0) * 0.7 + light + grain)
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)))
