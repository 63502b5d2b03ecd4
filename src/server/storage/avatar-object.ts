import { createHash } from 'node:crypto'

/** SPEC 3 "Other data": the avatar image is stored at avatars/{uid}. */
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
