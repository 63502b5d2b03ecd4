import { createHash } from 'node:crypto'

/** SPEC 3 "Other data": the avatar image is stored at avatars/{uid}. */
export const avatarKey = (uid: string) => `avatars/${uid}`

const versions = new WeakMap<Buffer, string>()

/**
 * Names one stored image: the first 16 hex digits of its SHA-256. Remembered per buffer, so an
 * image the storage serves from memory is hashed once, not on every request.
 */
export function avatarVersion(jpeg: Buffer): string {
  let version = versions.get(jpeg)
  if (version === undefined) {
    version = createHash('sha256').update(jpeg).digest('hex').slice(0, 16)
    versions.set(jpeg, version)
  }
  return version
}

/**
 * The profile's avatar URL. The version changes with the image, so each URL can be cached for
 * good and a new upload is a new URL.
 */
export const avatarUrl = (publicUrl: string, uid: string, version: string) =>
  `${publicUrl}/media/avatars/${encodeURIComponent(uid)}?v=${version}`
