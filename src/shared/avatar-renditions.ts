/**
 * The renditions stored beside each avatar (docs/architecture.md "Avatars"): their sizes and
 * formats, and their addresses. No zod here: the avatar widget, in the first load of every page,
 * imports this.
 */

/**
 * Widths of the renditions stored beside each avatar (never wider than the avatar itself): the
 * 40 px button and 96 px widget at 1x and 2x, and larger avatars (the public page) at 2x and 3x.
 */
export const AVATAR_RENDITION_PX = [96, 192, 384] as const
export type AvatarRenditionPx = (typeof AVATAR_RENDITION_PX)[number]
/**
 * Their formats, in the order a page offers them: AVIF first, WebP for browsers without it; a
 * banner's renditions come in the same two.
 */
export const AVATAR_RENDITION_FORMATS = ['avif', 'webp'] as const
export type AvatarRenditionFormat = (typeof AVATAR_RENDITION_FORMATS)[number]

/** The folders of /media/ whose images have renditions: avatars, and the profile banners. */
export type MediaFolder = 'avatars' | 'banners'

/** A Mofu image URL (see the server's mediaUrl): origin and path, then the version. */
const mediaUrlPattern = (folder: MediaFolder) =>
  new RegExp(`^([^?#]*/media/${folder}/[A-Za-z0-9_-]+)\\?v=([0-9a-f]{16})$`)
const MEDIA_URL = { avatars: mediaUrlPattern('avatars'), banners: mediaUrlPattern('banners') }

/**
 * The address of one rendition of a stored image, from the image's own URL (which stays the
 * master's: the API answers with it); null for any other address.
 */
export function storedRenditionUrl(
  folder: MediaFolder,
  url: string,
  px: number,
  format: AvatarRenditionFormat,
): string | null {
  const match = MEDIA_URL[folder].exec(url)
  return match === null ? null : `${match[1]}/${px}.${format}?v=${match[2]}`
}

/** The image shown for no avatar (docs/using.md "Avatars"). */
export const DEFAULT_AVATAR = '/images/mofurun.png'
/**
 * Where its renditions sit, as a stored avatar's do beside its master: a public folder named
 * after it, written by scripts/render-mascot.ts with the same sizes, formats and encoder.
 */
export const DEFAULT_AVATAR_RENDITIONS = '/images/mofurun'

/**
 * The address of one rendition of a stored avatar, from the avatar's own URL (which stays the
 * master's: the API answers with it), or of the default avatar; null for any other address,
 * which has none.
 */
export function avatarRenditionUrl(
  avatar: string,
  px: AvatarRenditionPx,
  format: AvatarRenditionFormat,
): string | null {
  if (avatar === DEFAULT_AVATAR) return `${DEFAULT_AVATAR_RENDITIONS}/${px}.${format}`
  return storedRenditionUrl('avatars', avatar, px, format)
}
