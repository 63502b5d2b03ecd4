import { AVATAR_RENDITION_FORMATS, storedRenditionUrl } from '@shared/avatar-renditions'
import { BANNER_MAX_WIDTH, BANNER_RENDITION_WIDTHS, BANNER_ASPECT } from '@shared/banner'
import { preload } from 'react-dom'
import { thumbhashPlaceholder } from '../avatar/thumbhash-placeholder'

/** One srcset per format of a stored banner's renditions; none for another address. */
function renditionSets(address: string) {
  return AVATAR_RENDITION_FORMATS.flatMap((format) => {
    const candidates = BANNER_RENDITION_WIDTHS.map((width) => {
      const url = storedRenditionUrl('banners', address, width, format)
      return url === null ? null : `${url} ${width}w`
    })
    return candidates.includes(null) ? [] : [{ format, srcSet: candidates.join(', ') }]
  })
}

/**
 * The profile banner (docs/using.md "Banners"): a 3:1 box whatever the picture, so nothing moves
 * when it loads, painted with its thumbhash until then; the rendition that fits `sizes` at the
 * screen's density (AVIF, else WebP). Decorative: the page says who it is in words.
 */
export function BannerImage({
  address,
  thumbhash,
  sizes,
  className = 'rounded-2xl',
  priority = false,
}: {
  address: string
  thumbhash: string
  /** How wide the banner shows, as the `sizes` attribute says it. */
  sizes: string
  className?: string
  /** The page's largest picture (the public page's top): fetched before the rest. */
  priority?: boolean
}) {
  const placeholder = thumbhashPlaceholder(thumbhash)
  const sets = renditionSets(address)
  // Asked for in the page's head, so the browser starts on it before the scripts it finds
  // earlier in the page: the first format, which every browser Mofu supports decodes.
  const [first] = sets
  if (priority && first !== undefined) {
    preload(address, {
      as: 'image',
      type: `image/${first.format}`,
      imageSrcSet: first.srcSet,
      imageSizes: sizes,
      fetchPriority: 'high',
    })
  }
  return (
    <div
      className={`aspect-[3/1] w-full overflow-hidden bg-sunken ${className}`}
      style={
        placeholder === undefined
          ? undefined
          : { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' }
      }
    >
      <picture>
        {sets.map(({ format, srcSet }) => (
          <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} />
        ))}
        <img
          src={address}
          alt=""
          width={BANNER_MAX_WIDTH}
          height={BANNER_MAX_WIDTH / BANNER_ASPECT}
          data-testid="banner-image"
          fetchPriority={priority ? 'high' : undefined}
          className="block size-full object-cover"
        />
      </picture>
    </div>
  )
}

/** The profile's banner where it has one; nothing where it has none (no box, so nothing moves). */
export function ProfileBanner({
  profile,
  sizes,
  className,
  priority,
}: {
  profile: { banner: string; bannerThumbhash: string }
  sizes: string
  className?: string
  priority?: boolean
}) {
  if (profile.banner === '') return null
  return (
    <BannerImage
      address={profile.banner}
      thumbhash={profile.bannerThumbhash}
      sizes={sizes}
      className={className}
      priority={priority}
    />
  )
}
