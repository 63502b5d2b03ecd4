import { createHash } from 'node:crypto'
import {
  AVATAR_RENDITION_FORMATS,
  AVATAR_RENDITION_PX,
  type AvatarRenditionFormat,
  type MediaFolder,
} from '../../shared/avatar-renditions'
import { BANNER_RENDITION_WIDTHS } from '../../shared/banner'

/**
 * Where the profile's images are stored (docs/api.md "Avatars" and "Banners"): the avatar at
 * avatars/{uid}, the banner at banners/{uid}, each with its renditions beside it.
 */
export const mediaKey = (folder: MediaFolder, uid: string) => `${folder}/${uid}`
export const avatarKey = (uid: string) => mediaKey('avatars', uid)

/** The widths each folder's renditions come in. */
export const RENDITION_WIDTHS = {
  avatars: AVATAR_RENDITION_PX,
  banners: BANNER_RENDITION_WIDTHS,
} as const satisfies Record<MediaFolder, readonly number[]>

/** Names one stored image: the first 16 hex digits of its SHA-256. */
export const avatarVersion = (jpeg: Buffer): string =>
  createHash('sha256').update(jpeg).digest('hex').slice(0, 16)

/**
 * The profile's image URL, built from today's PUBLIC_URL; '' (none, or the default picture)
 * when there is no version. The version changes with the image, so each URL can be cached for
 * good and a new upload is a new URL.
 */
export const mediaUrl = (folder: MediaFolder, publicUrl: string, uid: string, version: string) =>
  version === '' ? '' : `${publicUrl}/media/${folder}/${encodeURIComponent(uid)}?v=${version}`

/**
 * One rendition of one stored image, beside the master: `avatars/{uid}.{version}.{px}.{format}`.
 * Keyed by the version, so a new upload writes new keys and never overwrites what a reader of
 * the current one is fetching; a user id has no dot, so no key is another user's.
 */
export const renditionKey = (
  folder: MediaFolder,
  uid: string,
  version: string,
  px: number,
  format: AvatarRenditionFormat,
) => `${folder}/${uid}.${version}.${px}.${format}`

/** Every rendition key of one stored image. */
export const renditionKeys = (folder: MediaFolder, uid: string, version: string): string[] =>
  RENDITION_WIDTHS[folder].flatMap((px) =>
    AVATAR_RENDITION_FORMATS.map((format) => renditionKey(folder, uid, version, px, format)),
  )

export const RENDITION_CONTENT_TYPES = {
  avif: 'image/avif',
  webp: 'image/webp',
} as const satisfies Record<AvatarRenditionFormat, string>
