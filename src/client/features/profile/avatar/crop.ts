import { AVATAR_JPEG_QUALITY, AVATAR_MAX_PX } from '@shared/constants'

export interface CropArea {
  x: number
  y: number
  width: number
  height: number
}

/**
 * The crop (docs/using.md "Avatars"): a square JPEG at quality 0.92, at most 1080 px a side, scaled
 * proportionally. A crop without positive width and height is refused.
 */
export async function cropToJpeg(source: string, area: CropArea): Promise<Blob> {
  if (!(area.width > 0 && area.height > 0)) throw new Error('The crop has no area.')
  const image = new Image()
  image.src = source
  await image.decode()
  const scale = Math.min(1, AVATAR_MAX_PX / Math.max(area.width, area.height))
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
