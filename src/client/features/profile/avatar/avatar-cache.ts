import { useSyncExternalStore } from 'react'

/**
 * The avatar cache in local storage (docs/using.md "Avatars"): `avatar` holds the current avatar
 * address, `avatarCache` a small copy of the image itself (a data URL) so it shows instantly on the
 * next visit, and `hasAvatarCached` says the copy is there.
 */
const AVATAR_KEY = 'avatar'
const CACHE_KEY = 'avatarCache'
const HAS_CACHE_KEY = 'hasAvatarCached'
const CACHE_PX = 160

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

const cachedImage = () => (read(HAS_CACHE_KEY) === 'true' ? read(CACHE_KEY) : null)
/** Only this tab writes the cache, and the avatar re-renders when it loads. */
const noOutsideChanges = () => () => undefined
const nothingCached = () => null

/**
 * The cached avatar for rendering: read on every render, as the widget always did, except in the
 * prerendered page and hydration, which show none (the server has no local storage).
 */
export function useCachedAvatar(): { address: string | null; image: string | null } {
  return {
    address: useSyncExternalStore(noOutsideChanges, () => read(AVATAR_KEY), nothingCached),
    image: useSyncExternalStore(noOutsideChanges, cachedImage, nothingCached),
  }
}

/** Keeps a small copy of a loaded http(s) avatar; the default picture comes with the app. */
export function cacheAvatar(address: string, image: HTMLImageElement) {
  if (!/^https?:/.test(address) || read(AVATAR_KEY) === address) return
  try {
    const canvas = document.createElement('canvas')
    canvas.width = CACHE_PX
    canvas.height = CACHE_PX
    canvas.getContext('2d')?.drawImage(image, 0, 0, CACHE_PX, CACHE_PX)
    window.localStorage.setItem(CACHE_KEY, canvas.toDataURL('image/jpeg', 0.8))
    window.localStorage.setItem(HAS_CACHE_KEY, 'true')
    window.localStorage.setItem(AVATAR_KEY, address)
  } catch {
    // Storage full or refused: the avatar still shows, just not instantly next time.
  }
}

export function clearAvatarCache() {
  try {
    for (const key of [AVATAR_KEY, CACHE_KEY, HAS_CACHE_KEY]) window.localStorage.removeItem(key)
  } catch {
    // Nothing stored.
  }
}
