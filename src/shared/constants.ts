/**
 * Mofu's fixed figures (timeouts, retries, how long notices show, avatar sizes), shared by
 * client and server.
 */

/** Every database call gives up after this long (docs/architecture.md "Database"). */
export const DATABASE_TIMEOUT_MS = 45_000

/** Session refresh, retries and request timeouts in the client (docs/using.md "Sessions"). */
export const SESSION_REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000
export const RETRY_BACKOFF_START_MS = 30_000
export const RETRY_BACKOFF_MAX_MS = 960_000
export const NETWORK_TIMEOUT_DESKTOP_MS = 30_000
export const NETWORK_TIMEOUT_MOBILE_MS = 60_000

/** How long a notice shows, or waits before the panel moves on. */
export const PASSWORD_RESET_SENT_NOTICE_MS = 4_000
export const PASSWORD_CHANGED_REDIRECT_MS = 3_000
export const PROFILE_SAVED_NOTICE_MS = 3_000

/** Avatar crop and upload (docs/using.md "Avatars"). */
export const AVATAR_MAX_PX = 1080
export const AVATAR_JPEG_QUALITY = 0.92
export const AVATAR_ZOOM_MIN = 1
export const AVATAR_ZOOM_MAX = 3
export const AVATAR_WIDGET_SIZE = 96
export const AVATAR_RESUMABLE_THRESHOLD_BYTES = 262_144
export const AVATAR_RESET_NOTICE_MS = 3_000
