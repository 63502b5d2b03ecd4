import sharp, { type Metadata, type Sharp } from 'sharp'
import { rgbaToThumbHash } from 'thumbhash'
import { AVATAR_MAX_PX } from '../../shared/constants'
import {
  AVATAR_ERROR_CODES,
  AVATAR_MAX_INPUT_PIXELS,
  AVATAR_MESSAGES,
  type AvatarRefusal,
} from '../../shared/avatar'
import {
  AVATAR_RENDITION_FORMATS,
  AVATAR_RENDITION_PX,
  type AvatarRenditionFormat,
} from '../../shared/avatar-renditions'
import { BANNER_ASPECT, BANNER_MAX_WIDTH, BANNER_RENDITION_WIDTHS } from '../../shared/banner'

/** The stored avatar is a JPEG at quality 92, as the client's crop is at 0.92. */
export const AVATAR_JPEG_QUALITY = 92

/** Why an upload is not an avatar; the message is for the user, the status for the answer. */
export class AvatarRejected extends Error {
  readonly code: (typeof AVATAR_ERROR_CODES)[AvatarRefusal]
  readonly status: 413 | 415 | 422

  constructor(readonly refusal: Exclude<AvatarRefusal, 'empty' | 'tooManyBytes'>) {
    super(AVATAR_MESSAGES[refusal])
    this.name = 'AvatarRejected'
    this.code = AVATAR_ERROR_CODES[refusal]
    this.status = refusal === 'unsupportedType' ? 415 : 422
  }
}

type ImageType = 'jpeg' | 'png' | 'webp'

/** The type the bytes say they are, whatever the request claimed; null for anything else. */
function sniff(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg'
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png'
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp'
  }
  return null
}

/** One smaller copy of the image, for a page that shows it at a fraction of its size. */
export interface ImageRendition {
  /** Its width. */
  px: number
  format: AvatarRenditionFormat
  body: Buffer
}

/** What an upload becomes: the master JPEG, its renditions, and its thumbhash (base64). */
export interface ProcessedImage {
  master: Buffer
  renditions: ImageRendition[]
  thumbhash: string
}

/**
 * What an upload is cut to: the centre `aspect` (width to height) of the upright picture, at most
 * `maxWidth` wide and never enlarged, with renditions of each of `widths` in AVIF and WebP.
 */
export interface ImageShape {
  aspect: number
  maxWidth: number
  widths: readonly number[]
}

/** The avatar: a square, at most 1080 px a side (docs/using.md "Avatars"). */
export const AVATAR_SHAPE: ImageShape = {
  aspect: 1,
  maxWidth: AVATAR_MAX_PX,
  widths: AVATAR_RENDITION_PX,
}

/** The profile banner: 3:1, at most 1500 × 500 (docs/using.md "Banners"). */
export const BANNER_SHAPE: ImageShape = {
  aspect: BANNER_ASPECT,
  maxWidth: BANNER_MAX_WIDTH,
  widths: BANNER_RENDITION_WIDTHS,
}

/**
 * Encoder settings per format, chosen for small avatars. Effort matters most for time: AVIF at
 * effort 4 (sharp's default) took ten times longer than at 0 for a third fewer bytes, and every
 * upload holds a decode slot while its six renditions encode; at these settings a 192 px AVIF
 * of a photo is about 4 KB. scripts/render-mascot.ts encodes the default avatar's renditions with
 * them too.
 */
export const ENCODE_RENDITION = {
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 0 }),
  webp: (image: Sharp) => image.webp({ quality: 75, effort: 2 }),
} as const satisfies Record<AvatarRenditionFormat, (image: Sharp) => Sharp>

/** ThumbHash encodes images of at most 100 × 100 pixels. */
const THUMBHASH_PX = 100

/** The decoded picture, cut to its shape, sRGB, one byte per channel. */
interface Pixels {
  data: Buffer
  width: number
  height: number
  channels: 1 | 2 | 3 | 4
}

const imageOf = ({ data, width, height, channels }: Pixels) =>
  sharp(data, { raw: { width, height, channels } })

/** The picture at `px` wide (its height in proportion), never wider than it is. */
const fromPixels = (pixels: Pixels, px: number) => {
  const width = Math.min(px, pixels.width)
  return imageOf(pixels).resize({
    width,
    height: Math.max(1, Math.round((width * pixels.height) / pixels.width)),
  })
}

async function thumbhashOf(pixels: Pixels): Promise<string> {
  const { data, info } = await fromPixels(pixels, THUMBHASH_PX)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64')
}

/**
 * The master from the decoded pixels, and from the same pixels (no second decode) each
 * rendition and the thumbhash, all encoded at once.
 */
async function encodeAll(pixels: Pixels, widths: readonly number[]): Promise<ProcessedImage> {
  const renditions = widths.flatMap((px) =>
    AVATAR_RENDITION_FORMATS.map(async (format) => ({
      px,
      format,
      body: await ENCODE_RENDITION[format](fromPixels(pixels, px)).toBuffer(),
    })),
  )
  const [master, thumbhash, ...encoded] = await Promise.all([
    imageOf(pixels).jpeg({ quality: AVATAR_JPEG_QUALITY }).toBuffer(),
    thumbhashOf(pixels),
    ...renditions,
  ])
  return { master, thumbhash, renditions: encoded }
}

/** The box the centre cut of a `width` × `height` picture is resized to for `shape`. */
export function cutSize(width: number, height: number, { aspect, maxWidth }: ImageShape) {
  const cut = Math.min(width, height * aspect, maxWidth)
  return { width: Math.max(1, Math.round(cut)), height: Math.max(1, Math.round(cut / aspect)) }
}

/**
 * An uploaded image made into a stored avatar or banner (docs/using.md "On the server"): only
 * JPEG, PNG or WebP by their magic bytes (so no SVG and its scripts), the size declared in the
 * header checked before any pixel is decoded (decompression bombs), any damage refused rather
 * than padded, turned upright by its EXIF orientation, cut to the centre of its shape, at most
 * its width and never enlarged, transparency on white, re-encoded as JPEG quality 92 in sRGB
 * with no metadata (EXIF with GPS, XMP, ICC and comments are all dropped). Decoded once: the
 * renditions (each of the shape's widths in AVIF and WebP) and the thumbhash are made from the
 * same pixels. Throws AvatarRejected.
 */
export async function processImage(bytes: Buffer, shape: ImageShape): Promise<ProcessedImage> {
  const type = sniff(bytes)
  if (type === null) throw new AvatarRejected('unsupportedType')

  // 'warning', sharp's strictest level and its advice for untrusted input: a truncated or
  // corrupt file is refused instead of being stored with grey bands.
  const options = { failOn: 'warning', limitInputPixels: AVATAR_MAX_INPUT_PIXELS } as const
  let metadata: Metadata
  try {
    // The header only, without the pixel limit, so an oversized image gets its own message.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata()
  } catch {
    throw new AvatarRejected('unreadable')
  }
  // The decoder libvips picks must be the one the magic bytes named.
  if (metadata.format !== type) throw new AvatarRejected('unsupportedType')
  if (metadata.width * metadata.height > AVATAR_MAX_INPUT_PIXELS) {
    throw new AvatarRejected('tooManyPixels')
  }

  // Cut from the picture as it stands upright (an EXIF orientation may swap width and height).
  const { width, height } = cutSize(metadata.autoOrient.width, metadata.autoOrient.height, shape)
  let pixels: Pixels
  try {
    const { data, info } = await sharp(bytes, options)
      .autoOrient()
      .resize({ width, height, fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
    pixels = { data, width, height, channels: info.channels }
  } catch {
    throw new AvatarRejected('unreadable')
  }
  return encodeAll(pixels, shape.widths)
}

/** An upload made into the stored avatar: processImage, cut to a square of at most 1080 px. */
export const processAvatar = (bytes: Buffer) => processImage(bytes, AVATAR_SHAPE)

/** An upload made into the stored banner: processImage, cut to 3:1 at most 1500 × 500. */
export const processBanner = (bytes: Buffer) => processImage(bytes, BANNER_SHAPE)
