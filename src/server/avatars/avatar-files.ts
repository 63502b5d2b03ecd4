import { isMissingUser, type ProfileStore } from '../profiles/profile-store'
import {
  avatarKey,
  avatarRenditionKey,
  avatarRenditionKeys,
  avatarVersion,
  RENDITION_CONTENT_TYPES,
} from '../storage/avatar-object'
import type { ObjectStorage } from '../storage/object-storage'
import type { ProcessedAvatar } from './pipeline'

/**
 * The files of one user's avatar in storage: the master at avatars/{uid} (docs/api.md "Avatars")
 * and the renditions of its version beside it (see avatarRenditionKey).
 */

type AvatarProfiles = Pick<ProfileStore, 'loadOrCreate' | 'switchAvatar'>

/** Removes the renditions of one stored image ('' names none); the master stays. */
async function removeRenditions(storage: ObjectStorage, uid: string, version: string) {
  if (version === '') return
  await Promise.all(avatarRenditionKeys(uid, version).map((key) => storage.delete(key)))
}

/** Removes the master and the renditions of `version`, the one the profile points at. */
export async function removeAvatarFiles(storage: ObjectStorage, uid: string, version: string) {
  await Promise.all([storage.delete(avatarKey(uid)), removeRenditions(storage, uid, version)])
}

/**
 * Stores an upload so that no reader sees a mix of two: the renditions under the new version
 * first, then the master, and only then does the profile point at the new version (the media
 * routes serve what it points at); the renditions of the version it replaced go last. Answers
 * the new version, or null when the account was deleted meanwhile: then nothing of this upload
 * is left behind.
 */
export async function saveAvatar(
  storage: ObjectStorage,
  profiles: AvatarProfiles,
  uid: string,
  avatar: ProcessedAvatar,
): Promise<string | null> {
  const version = avatarVersion(avatar.master)
  await Promise.all(
    avatar.renditions.map(({ px, format, body }) =>
      storage.put(
        avatarRenditionKey(uid, version, px, format),
        body,
        RENDITION_CONTENT_TYPES[format],
      ),
    ),
  )
  await storage.put(avatarKey(uid), avatar.master, 'image/jpeg')
  let replaced: string | null
  try {
    await profiles.loadOrCreate(uid)
    replaced = await profiles.switchAvatar(uid, version, avatar.thumbhash)
  } catch (error) {
    if (!isMissingUser(error)) throw error
    replaced = null
  }
  if (replaced === null) {
    await removeAvatarFiles(storage, uid, version)
    return null
  }
  // The same image uploaded again has the same version, and so the same files.
  if (replaced !== version) await removeRenditions(storage, uid, replaced)
  return version
}

/**
 * Back to the default picture (docs/using.md "Avatars"): the profile first, so that should a file
 * survive a failure nothing points to it any more; then the files.
 */
export async function resetAvatar(
  storage: ObjectStorage,
  profiles: Pick<ProfileStore, 'switchAvatar'>,
  uid: string,
) {
  const replaced = await profiles.switchAvatar(uid, '', '')
  await removeAvatarFiles(storage, uid, replaced ?? '')
}
