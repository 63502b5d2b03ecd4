/**
 * The spec's business constants (SPEC.md section 9), shared by client and server.
 * Names follow the spec's words so a reader holding the spec finds each figure here.
 */

/** Every database call gives up after this long (SPEC 9, "database request timeout"). */
export const DATABASE_TIMEOUT_MS = 45_000

/** Provider session figures (SPEC 9), applied by the client. */
export const SESSION_REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000
export const RETRY_BACKOFF_START_MS = 30_000
export const RETRY_BACKOFF_MAX_MS = 960_000
export const NETWORK_TIMEOUT_DESKTOP_MS = 30_000
export const NETWORK_TIMEOUT_MOBILE_MS = 60_000

/** Notices (SPEC 9). */
export const PASSWORD_RESET_SENT_NOTICE_MS = 4_000
export const PASSWORD_CHANGED_REDIRECT_MS = 3_000
export const PROFILE_SAVED_NOTICE_MS = 3_000

/** Avatar crop and upload (SPEC 5 and 9). */
export const AVATAR_MAX_PX = 1080
export const AVATAR_JPEG_QUALITY = 0.92
export const AVATAR_ZOOM_MIN = 1
export const AVATAR_ZOOM_MAX = 3
export const AVATAR_WIDGET_SIZE = 96
export const AVATAR_RESUMABLE_THRESHOLD_BYTES = 262_144
export const AVATAR_RESET_NOTICE_MS = 3_000
