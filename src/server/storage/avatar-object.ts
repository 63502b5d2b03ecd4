import { createHash } from 'node:crypto'
import {
  AVATAR_RENDITION_FORMATS,
  AVATAR_RENDITION_PX,
  type AvatarRenditionFormat,
  type AvatarRenditionPx,
} from '../../shared/avatar-renditions'

/** The avatar image is stored at avatars/{uid} (docs/api.md "Avatars"). */
export const avatarKey = (uid: string) => `avatars/${uid}`

/** Names one stored image: the first 16 hex digits of its SHA-256. */
export const avatarVersion = (jpeg: Buffer): string =>
  createHash('sha256').update(jpeg).digest('hex').slice(0, 16)

/**
 * The profile's avatar URL, built from today's PUBLIC_URL; '' (the default picture) when there
 * is no version. The version changes with the image, so each URL can be cached for good and a
 * new upload is a new URL.
 */
export const avatarUrl = (publicUrl: string, uid: string, version: string) =>
  version === '' ? '' : `${publicUrl}/media/avatars/${encodeURIComponent(uid)}?v=${version}`

/**
 * One rendition of one stored image, beside the master: `avatars/{uid}.{version}.{px}.{format}`.
 * Keyed by the version, so a new upload writes new keys and never overwrites what a reader of
 * the current one is fetching; a user id has no dot, so no key is another user's.
 */
export const avatarRenditionKey = (
  uid: string,
  version: string,
  px: AvatarRenditionPx,
  format: AvatarRenditionFormat,
) => `avatars/${uid}.${version}.${px}.${format}`

/** Every rendition key of one stored image. */
export const avatarRenditionKeys = (uid: string, version: string): string[] =>
  AVATAR_RENDITION_PX.flatMap((px) =>
    AVATAR_RENDITION_FORMATS.map((format) => avatarRenditionKey(uid, version, px, format)),
  )

export const RENDITION_CONTENT_TYPES = {
  avif: 'image/avif',
  webp: 'image/webp',
} as const satisfies Record<AvatarRenditionFormat, string>
