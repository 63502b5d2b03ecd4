/**
 * The renditions stored beside each avatar (issue 15): their sizes and formats, and their
 * addresses. No zod here: the avatar widget, in the first load of every page, imports this.
 */

/**
 * Widths of the renditions stored beside each avatar (never wider than the avatar itself): the
 * 40 px button and 96 px widget at 1x and 2x, and larger avatars (the public page) at 2x and 3x.
 */
export const AVATAR_RENDITION_PX = [96, 192, 384] as const
export type AvatarRenditionPx = (typeof AVATAR_RENDITION_PX)[number]
/** Their formats, in the order a page offers them: AVIF first, WebP for browsers without it. */
export const AVATAR_RENDITION_FORMATS = ['avif', 'webp'] as const
export type AvatarRenditionFormat = (typeof AVATAR_RENDITION_FORMATS)[number]

/** A Mofu avatar URL (see the server's avatarUrl): origin and path, then the version. */
const AVATAR_URL = /^([^?#]*\/media\/avatars\/[A-Za-z0-9_-]+)\?v=([0-9a-f]{16})$/

/**
 * The address of one rendition of a stored avatar, from the avatar's own URL (which stays the
 * master's, SPEC 3); null for any other address, which has no renditions.
 */
export function avatarRenditionUrl(
  avatar: string,
  px: AvatarRenditionPx,
  format: AvatarRenditionFormat,
): string | null {
  const match = AVATAR_URL.exec(avatar)
  return match === null ? null : `${match[1]}/${px}.${format}?v=${match[2]}`
}
