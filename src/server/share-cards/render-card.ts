import sharp from 'sharp'
import { ACCENTS, type Accent } from '../../shared/profile-fields'
import type { CardText } from './card-text'
import { layOutCardText } from './text-thread'

/**
 * The share card a link to /@handle previews with (docs/using.md "Share cards"): the
 * banner across the top, or a design in the accent colour, the framed avatar in the middle, and
 * the name and @handle under it, in the site's dark theme. Everything that matters sits in the
 * middle: previewers that crop to 2:1 or to a square keep the avatar and the name.
 */

export const SHARE_CARD_WIDTH = 1200
export const SHARE_CARD_HEIGHT = 630
export const SHARE_CARD_TYPE = 'image/jpeg'

const W = SHARE_CARD_WIDTH
const H = SHARE_CARD_HEIGHT
/** The banner's strip; the 3:1 banner is cut a little at top and bottom to fit. */
const BANNER_HEIGHT = 330
const AVATAR = 208
const AVATAR_X = W / 2
const AVATAR_Y = 315
/** A frame reaches an eighth of the avatar past it on each side, as on the site. */
const FRAME = Math.round(AVATAR * 1.25)
const NIGHT = '#1a1636'
const NAME_COLOUR = '#fdf4ff'
/** The accent's line along the bottom edge. */
export const ACCENT_BAR_TOP = 614
/** The accent of a profile that chose none. */
const DEFAULT_ACCENT: Accent = 'sakura'

export interface ShareCardInput {
  name: string
  /** The handle as typed, without the @. */
  handle: string
  accent: Accent | ''
  /** The frame's SVG, or null for none. */
  frame: Buffer | null
  /** The avatar image (JPEG, PNG or WebP), or the default Mofu's. */
  avatar: Buffer
  /** The banner image, or null: a design in the accent colour stands in. */
  banner: Buffer | null
}

/** The accent's shade for the dark theme, which the card is drawn in. */
export const cardAccent = (accent: Accent | '') =>
  ACCENTS[accent === '' ? DEFAULT_ACCENT : accent].dark

/** A colour between two `#rrggbb` ones, `share` of the way to the second. */
function mix(from: string, to: string, share: number): string {
  const channel = (hex: string, at: number) => Number.parseInt(hex.slice(at, at + 2), 16)
  return `#${[1, 3, 5]
    .map((at) => Math.round(channel(from, at) * (1 - share) + channel(to, at) * share))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`
}

/** What stands in for a banner: the accent fading into the night, with soft round lights. */
function accentDesign(accent: string): Buffer {
  const deep = mix(accent, NIGHT, 0.55)
  const lights = [
    [140, 70, 90, 0.22],
    [1040, 250, 130, 0.16],
    [860, 40, 46, 0.26],
    [330, 280, 60, 0.14],
    [1150, 60, 30, 0.3],
  ]
    .map(
      ([cx, cy, r, opacity]) =>
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${opacity}"/>`,
    )
    .join('')
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${BANNER_HEIGHT}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${deep}"/>` +
      `</linearGradient></defs><rect width="${W}" height="${BANNER_HEIGHT}" fill="url(#g)"/>${lights}</svg>`,
  )
}

/** What lies over the banner: its fade into the night, the ring, the text and the accent line. */
function overlay({ name, handle }: CardText, accent: string): Buffer {
  // Only numbers reach the SVG: the text is path data made from the fonts' outlines.
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
      `<defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${NIGHT}" stop-opacity="0"/><stop offset="1" stop-color="${NIGHT}"/>` +
      `</linearGradient></defs>` +
      `<rect y="${BANNER_HEIGHT - 70}" width="${W}" height="70" fill="url(#f)"/>` +
      `<circle cx="${AVATAR_X}" cy="${AVATAR_Y}" r="${AVATAR / 2 + 14}" fill="${NIGHT}"/>` +
      `<circle cx="${AVATAR_X}" cy="${AVATAR_Y}" r="${AVATAR / 2 + 6}" fill="${accent}"/>` +
      (name.d === '' ? '' : `<path d="${name.d}" fill="${NAME_COLOUR}"/>`) +
      `<path d="${handle.d}" fill="${accent}"/>` +
      `<rect y="${ACCENT_BAR_TOP}" width="${W}" height="${H - ACCENT_BAR_TOP}" fill="${accent}"/>` +
      `</svg>`,
  )
}

const circleMask = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR}" height="${AVATAR}"><circle cx="${AVATAR / 2}" cy="${AVATAR / 2}" r="${AVATAR / 2}"/></svg>`,
)

/**
 * Renders the card as a JPEG of SHARE_CARD_WIDTH x SHARE_CARD_HEIGHT, its text laid out on the
 * card text thread while sharp readies the pictures.
 */
export async function renderShareCard(input: ShareCardInput): Promise<Buffer> {
  const accent = cardAccent(input.accent)
  const [text, banner, avatar, frame] = await Promise.all([
    layOutCardText(input.name, input.handle),
    input.banner === null
      ? accentDesign(accent)
      : sharp(input.banner)
          .resize(W, BANNER_HEIGHT, { fit: 'cover' })
          .png({ compressionLevel: 0 })
          .toBuffer(),
    sharp(input.avatar)
      .resize(AVATAR, AVATAR, { fit: 'cover' })
      .ensureAlpha()
      .composite([{ input: circleMask, blend: 'dest-in' }])
      .png({ compressionLevel: 0 })
      .toBuffer(),
    input.frame === null
      ? null
      : sharp(input.frame, { density: (72 * FRAME) / 160 })
          .resize(FRAME, FRAME)
          .png({ compressionLevel: 0 })
          .toBuffer(),
  ])
  return sharp({ create: { width: W, height: H, channels: 3, background: NIGHT } })
    .composite([
      { input: banner, left: 0, top: 0 },
      { input: overlay(text, accent), left: 0, top: 0 },
      { input: avatar, left: AVATAR_X - AVATAR / 2, top: AVATAR_Y - AVATAR / 2 },
      ...(frame === null
        ? []
        : [{ input: frame, left: AVATAR_X - FRAME / 2, top: AVATAR_Y - FRAME / 2 }]),
    ])
    .jpeg({ quality: 86, chromaSubsampling: '4:4:4' })
    .toBuffer()
}
