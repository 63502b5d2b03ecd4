import { useState } from 'react'
import {
  AVATAR_RENDITION_FORMATS,
  AVATAR_RENDITION_PX,
  avatarRenditionUrl,
  DEFAULT_AVATAR,
  type AvatarRenditionFormat,
} from '@shared/avatar-renditions'
import { AVATAR_WIDGET_SIZE } from '@shared/constants'
import { cacheAvatar, useCachedAvatar } from './avatar-cache'

interface AvatarImageProps {
  /** The storage address (profile avatar URL); empty or 'default:…' means none. */
  address?: string
  /** A direct source, shown as is (a preview, the happy image). */
  src?: string
  size?: number
  className?: string
  alt?: string
  /** An image (a data URL) painted while the avatar loads: its thumbhash, or a cached copy. */
  placeholder?: string
}

/**
 * The renditions of a stored avatar or of the default one, one srcset per format; none for other
 * addresses.
 */
function renditionSets(address: string): { format: AvatarRenditionFormat; srcSet: string }[] {
  return AVATAR_RENDITION_FORMATS.flatMap((format) => {
    const candidates = AVATAR_RENDITION_PX.map((px) => {
      const url = avatarRenditionUrl(address, px, format)
      return url === null ? null : `${url} ${px}w`
    })
    return candidates.includes(null) ? [] : [{ format, srcSet: candidates.join(', ') }]
  })
}

/**
 * The avatar widget (docs/using.md "Avatars"): the default Mofu when there is no avatar; while the
 * real image loads, the cached copy shows if it is of another address, else the placeholder; once
 * loaded, the real image fades in over it. A stored avatar comes in the rendition that fits `size`
 * at the screen's density (AVIF, else WebP); the master's address stays its `src`.
 */
export function AvatarImage({
  address = '',
  src,
  size = AVATAR_WIDGET_SIZE,
  className = '',
  alt = '',
  placeholder,
}: AvatarImageProps) {
  const real = src ?? (address === '' || address.startsWith('default:') ? DEFAULT_AVATAR : address)
  const [loaded, setLoaded] = useState<string | null>(null)
  const cache = useCachedAvatar()
  const underlay = cache.image !== null && cache.address !== real ? cache.image : null
  return (
    <span
      className={`relative inline-block shrink-0 overflow-hidden rounded-full bg-sunken ${className}`}
      style={{
        width: size,
        height: size,
        ...(placeholder === undefined
          ? {}
          : { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' }),
      }}
    >
      {underlay !== null && loaded !== real && (
        <img
          src={underlay}
          alt=""
          aria-hidden="true"
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <picture>
        {src === undefined &&
          renditionSets(real).map(({ format, srcSet }) => (
            <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={`${size}px`} />
          ))}
        <img
          src={real}
          alt={alt}
          width={size}
          height={size}
          data-testid="avatar-image"
          onLoad={(event) => {
            setLoaded(real)
            if (src === undefined) cacheAvatar(real, event.currentTarget)
          }}
          className={`absolute inset-0 size-full object-cover transition-opacity duration-300 ${
            loaded === real || underlay === null ? 'opacity-100' : 'opacity-0'
          }`}
        />
      </picture>
    </span>
  )
}
