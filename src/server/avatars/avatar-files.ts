import type { MediaFolder } from '../../shared/avatar-renditions'
import { isMissingUser } from '../db/constraint-errors'
import type { ProfileStore } from '../stores/profile-store'
import {
  avatarVersion,
  mediaKey,
  RENDITION_CONTENT_TYPES,
  renditionKey,
  renditionKeys,
} from '../storage/avatar-object'
import type { ObjectStorage } from '../storage/object-storage'
import type { ProcessedImage } from './pipeline'

/**
 * The files of one user's avatar or banner in storage: the master at avatars/{uid} or
 * banners/{uid} (docs/api.md "Avatars", "Banners") and the renditions of its version beside it
 * (see renditionKey).
 */

type ImageProfiles = Pick<ProfileStore, 'loadOrCreate' | 'switchImage'>

/** Removes the renditions of one stored image ('' names none); the master stays. */
async function removeRenditions(
  storage: ObjectStorage,
  folder: MediaFolder,
  uid: string,
  version: string,
) {
  if (version === '') return
  await Promise.all(renditionKeys(folder, uid, version).map((key) => storage.delete(key)))
}

/** Removes the master and the renditions of `version`, the one the profile points at. */
export async function removeImageFiles(
  storage: ObjectStorage,
  folder: MediaFolder,
  uid: string,
  version: string,
) {
  await Promise.all([
    storage.delete(mediaKey(folder, uid)),
    removeRenditions(storage, folder, uid, version),
  ])
}

/**
 * Stores an upload so that no reader sees a mix of two: the renditions under the new version
 * first, then the master, and only then does the profile point at the new version (the media
 * routes serve what it points at); the renditions of the version it replaced go last. Answers
 * the new version, or null when the account was deleted meanwhile: then nothing of this upload
 * is left behind.
 */
export async function saveImage(
  storage: ObjectStorage,
  profiles: ImageProfiles,
  folder: MediaFolder,
  uid: string,
  image: ProcessedImage,
): Promise<string | null> {
  const version = avatarVersion(image.master)
  await Promise.all(
    image.renditions.map(({ px, format, body }) =>
      storage.put(
        renditionKey(folder, uid, version, px, format),
        body,
        RENDITION_CONTENT_TYPES[format],
      ),
    ),
  )
  await storage.put(mediaKey(folder, uid), image.master, 'image/jpeg')
  let replaced: string | null
  try {
    await profiles.loadOrCreate(uid)
    replaced = await profiles.switchImage(folder, uid, version, image.thumbhash)
  } catch (error) {
    if (!isMissingUser(error)) throw error
    replaced = null
  }
  if (replaced === null) {
    await removeImageFiles(storage, folder, uid, version)
    return null
  }
  // The same image uploaded again has the same version, and so the same files.
  if (replaced !== version) await removeRenditions(storage, folder, uid, replaced)
  return version
}

/**
 * No image any more (docs/using.md "Avatars", "Banners"): the profile first, so that should a
 * file survive a failure nothing points to it any more; then the files.
 */
export async function removeImage(
  storage: ObjectStorage,
  profiles: Pick<ProfileStore, 'switchImage'>,
  folder: MediaFolder,
  uid: string,
) {
  const replaced = await profiles.switchImage(folder, uid, '', '')
  await removeImageFiles(storage, folder, uid, replaced ?? '')
}
