// zod/mini, not zod: the signed-out account panel loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'

/**
 * Avatar uploads (docs/api.md "Avatars") as client and server both see them: what the server
 * accepts, what it answers, and the messages a refusal carries.
 */

/** The most bytes PUT /api/me/avatar reads; a larger body is refused with 413. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024
/** The most pixels (width × height) an upload may declare; checked before decoding. */
export const AVATAR_MAX_INPUT_PIXELS = 50_000_000
/** Content types PUT /api/me/avatar takes; the bytes themselves must be one of these too. */
export const AVATAR_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

export const AVATAR_MESSAGES = {
  unsupportedType: 'Choose a JPEG, PNG or WebP image.',
  unreadable: 'That image could not be read.',
  tooManyBytes: `That image is too large. Choose one under ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: `That image is too large. Choose one under ${AVATAR_MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
  empty: 'Choose an image to upload.',
} as const

/** The `code` of a refused upload, beside its `message`. */
export const AVATAR_ERROR_CODES = {
  unsupportedType: 'AVATAR_UNSUPPORTED_TYPE',
  unreadable: 'AVATAR_UNREADABLE',
  tooManyBytes: 'AVATAR_TOO_LARGE',
  tooManyPixels: 'AVATAR_TOO_MANY_PIXELS',
  empty: 'AVATAR_EMPTY',
} as const satisfies Record<keyof typeof AVATAR_MESSAGES, string>

export type AvatarRefusal = keyof typeof AVATAR_MESSAGES

/**
 * What PUT and DELETE /api/me/avatar answer: the profile's new avatar URL and its thumbhash
 * (both '' after a reset).
 */
export const AvatarAnswerSchema = z.object({ avatar: z.string(), avatarThumbhash: z.string() })
export type AvatarAnswer = z.infer<typeof AvatarAnswerSchema>
