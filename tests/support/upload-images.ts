import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { expect } from 'vitest'
import { AVATAR_MESSAGES } from '../../src/shared/avatar'
import type { StoredObject } from '../../src/server/storage/object-storage'

/**
 * Images to upload as avatars and banners (tests/integration/avatars.test.ts, banners.test.ts),
 * the uploads both routes must refuse with the answer each gets, and what a stored master must
 * be. Made with sharp; the hostile ones by hand.
 */

export const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })

/** A width×height PNG: blue in the middle square, red in the side strips a crop must cut off. */
export async function landscapePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  const strip = (width - height) / 2
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3
      const side = x < strip || x >= width - strip
      pixels[offset] = side ? 255 : 0
      pixels[offset + 2] = side ? 0 : 255
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

/** The mean red, green and blue of an image. */
export async function meanColour(image: Buffer): Promise<number[]> {
  const { channels } = await sharp(image).stats()
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean))
}

/**
 * A PNG whose header declares 30000×30000 pixels (900 megapixels) with a valid CRC and only a
 * few bytes of pixel data: a decompression bomb's opening, tiny on the wire.
 */
function hugePngHeader(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(typed))
    return Buffer.concat([length, typed, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(30_000, 0)
  header.writeUInt32BE(30_000, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
  '<script>fetch("/api/me",{method:"DELETE"})</script><rect width="100" height="100"/></svg>'

const jpeg = () => solid(640, 480, '#3366ff').jpeg().toBuffer()

export type RefusedUpload = [
  label: string,
  make: () => Promise<Buffer> | Buffer,
  contentType: string | undefined,
  status: number,
  message: string,
]

/** Every upload an image route refuses, with its status and message (its code is AVATAR_…). */
export const REFUSED_UPLOADS: RefusedUpload[] = [
  [
    'a text file sent as image/jpeg',
    () => Buffer.from('Hello, I am not a picture.\n'.repeat(20)),
    'image/jpeg',
    415,
    AVATAR_MESSAGES.unsupportedType,
  ],
  [
    'a truncated JPEG',
    async () => {
      const whole = await sharp(await landscapePng(800, 600))
        .jpeg()
        .toBuffer()
      return whole.subarray(0, Math.floor(whole.length / 2))
    },
    'image/jpeg',
    422,
    AVATAR_MESSAGES.unreadable,
  ],
  [
    'JPEG magic bytes in front of HTML',
    () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html>hi</html>')]),
    'image/jpeg',
    422,
    AVATAR_MESSAGES.unreadable,
  ],
  [
    'a PNG declaring 30000×30000 pixels',
    hugePngHeader,
    'image/png',
    422,
    AVATAR_MESSAGES.tooManyPixels,
  ],
  [
    'an SVG with a script as image/svg+xml',
    () => Buffer.from(SVG_WITH_SCRIPT),
    'image/svg+xml',
    415,
    AVATAR_MESSAGES.unsupportedType,
  ],
  [
    'an SVG with a script as image/png',
    () => Buffer.from(SVG_WITH_SCRIPT),
    'image/png',
    415,
    AVATAR_MESSAGES.unsupportedType,
  ],
  [
    'a GIF',
    () => solid(10, 10, '#000000').gif().toBuffer(),
    'image/png',
    415,
    AVATAR_MESSAGES.unsupportedType,
  ],
  ['a JPEG as text/plain', jpeg, 'text/plain', 415, AVATAR_MESSAGES.unsupportedType],
  ['a JPEG without a content type', jpeg, undefined, 415, AVATAR_MESSAGES.unsupportedType],
  [
    'a JPEG as multipart form data',
    jpeg,
    'multipart/form-data; boundary=x',
    415,
    AVATAR_MESSAGES.unsupportedType,
  ],
  [
    'a 25 MB body',
    () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(25 * 1024 * 1024)]),
    'image/jpeg',
    413,
    AVATAR_MESSAGES.tooManyBytes,
  ],
  ['an empty body', () => Buffer.alloc(0), 'image/jpeg', 400, AVATAR_MESSAGES.empty],
]

/**
 * A stored master as the pipeline writes it: a JPEG of `width` × `height`, named by its SHA-256,
 * with no EXIF or ICC left. Answers its bytes.
 */
export async function expectStoredMaster(
  stored: StoredObject | null,
  version: string,
  width: number,
  height: number,
): Promise<Buffer> {
  expect(stored?.contentType).toBe('image/jpeg')
  const body = stored?.body ?? Buffer.alloc(0)
  expect(version).toBe(createHash('sha256').update(body).digest('hex').slice(0, 16))
  const metadata = await sharp(body).metadata()
  expect(metadata).toMatchObject({ format: 'jpeg', width, height })
  expect(metadata.exif).toBeUndefined()
  expect(metadata.icc).toBeUndefined()
  return body
}
