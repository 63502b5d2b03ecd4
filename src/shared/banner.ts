// zod/mini, not zod: the profile view loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'

/**
 * The profile banner (docs/api.md "Banners"): a wide picture above the avatar on /@handle,
 * uploaded, checked and re-encoded as the avatar is (same types, bytes, pixels and refusals,
 * AVATAR_* in avatar.ts), cut to BANNER_ASPECT instead of a square.
 */

/** Width to height: the banner is three times as wide as it is high. */
export const BANNER_ASPECT = 3
/** The stored banner is at most this wide (and BANNER_MAX_WIDTH / BANNER_ASPECT high), never enlarged. */
export const BANNER_MAX_WIDTH = 1500
/**
 * Widths of the renditions stored beside each banner, in AVIF and WebP (never wider than the
 * banner itself): a phone's column at 1x, and at 2x and 3x or the page's widest column at 1x.
 * None at the master's 1500: that pair adds half again to an upload's encoding, and the
 * re-encode of a 4000 × 3000 photo must stay under 300 ms (docs/performance.md).
 */
export const BANNER_RENDITION_WIDTHS = [600, 1200] as const

/**
 * What PUT and DELETE /api/me/banner answer: the profile's new banner URL and its thumbhash
 * (both '' after a removal).
 */
export const BannerAnswerSchema = z.object({ banner: z.string(), bannerThumbhash: z.string() })
export type BannerAnswer = z.infer<typeof BannerAnswerSchema>
