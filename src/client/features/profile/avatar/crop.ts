import { BANNER_ASPECT, BANNER_MAX_WIDTH } from '@shared/banner'
import { AVATAR_JPEG_QUALITY, AVATAR_MAX_PX } from '@shared/constants'

export interface CropArea {
  x: number
  y: number
  width: number
  height: number
}

/** The most a crop may be, wide and high, once scaled. */
export interface CropBound {
  width: number
  height: number
}

/** The avatar's crop: at most 1080 px a side. */
export const AVATAR_CROP: CropBound = { width: AVATAR_MAX_PX, height: AVATAR_MAX_PX }
/** The banner's: 3:1, at most 1500 × 500 (what the server keeps; more would be thrown away). */
export const BANNER_CROP: CropBound = {
  width: BANNER_MAX_WIDTH,
  height: BANNER_MAX_WIDTH / BANNER_ASPECT,
}

/**
 * The crop (docs/using.md "Avatars", "Banners"): a JPEG at quality 0.92, at most `bound` wide and
 * high, scaled proportionally. A crop without positive width and height is refused.
 */
export async function cropToJpeg(
  source: string,
  area: CropArea,
  bound: CropBound = AVATAR_CROP,
): Promise<Blob> {
  if (!(area.width > 0 && area.height > 0)) throw new Error('The crop has no area.')
  const image = new Image()
  image.src = source
  await image.decode()
  const scale = Math.min(1, bound.width / area.width, bound.height / area.height)
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(area.width * scale)
  canvas.height = Math.round(area.height * scale)
  const context = canvas.getContext('2d')
  if (context === null) throw new Error('This browser cannot crop images.')
  context.drawImage(
    image,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    canvas.width,
    canvas.height,
  )
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob === null ? reject(new Error('The crop failed.')) : resolve(blob)),
      'image/jpeg',
      AVATAR_JPEG_QUALITY,
    ),
  )
}
