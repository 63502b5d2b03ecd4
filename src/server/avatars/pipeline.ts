import sharp, { type Metadata } from 'sharp'
import { AVATAR_MAX_PX } from '../../shared/constants'
import {
  AVATAR_ERROR_CODES,
  AVATAR_MAX_INPUT_PIXELS,
  AVATAR_MESSAGES,
  type AvatarRefusal,
} from '../../shared/avatar'

/** SPEC 5 and 9: the stored avatar is a JPEG at quality 0.92. */
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

/**
 * An uploaded image made into the stored avatar (SPEC 4 "Avatar flow", 5, 9): only JPEG, PNG or
 * WebP by their magic bytes (so no SVG and its scripts), the size declared in the header checked
 * before any pixel is decoded (decompression bombs), any damage refused rather than padded,
 * turned upright by its EXIF orientation, cut to the centre square, at most 1080 px per side and
 * never enlarged, transparency on white, re-encoded as JPEG quality 92 in sRGB with no metadata
 * (EXIF with GPS, XMP, ICC and comments are all dropped). Throws AvatarRejected.
 */
export async function processAvatar(bytes: Buffer): Promise<Buffer> {
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
  const { width, height } = metadata
  if (width * height > AVATAR_MAX_INPUT_PIXELS) throw new AvatarRejected('tooManyPixels')

  // Orientation swaps width and height at most, which leaves the square's side unchanged.
  const side = Math.min(width, height, AVATAR_MAX_PX)
  try {
    return await sharp(bytes, options)
      .autoOrient()
      .resize({ width: side, height: side, fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: AVATAR_JPEG_QUALITY })
      .toBuffer()
  } catch {
    throw new AvatarRejected('unreadable')
  }
}
