import type { Generated } from 'kysely'
import type { ProfileFieldColumns } from '../../shared/profile-fields'

/**
 * The profile fields' columns, as PROFILE_FIELDS (src/shared/profile-fields.ts) names them, each
 * with its default: the field unset.
 */
type ProfileFieldsTable = {
  [Column in keyof ProfileFieldColumns]: Generated<ProfileFieldColumns[Column]>
}

export interface ProfilesTable extends ProfileFieldsTable {
  user_id: string
  name: Generated<string>
  /** Lowercase handle, or NULL while the user has none. */
  username: string | null
  display_username: string | null
  /**
   * handleSkeleton(username), unique: no two handles that pass for each other. NULL with no
   * handle, and for the later of two look-alike handles that existed before the rule.
   */
  handle_skeleton: string | null
  /**
   * The stored avatar's version (see avatarVersion), '' for none. Only the version: the URL is
   * built from PUBLIC_URL when answering, and the version is the image's ETag.
   */
  avatar_version: Generated<string>
  /** ThumbHash of the stored avatar (base64), painted while it loads; '' for none. */
  avatar_thumbhash: Generated<string>
  /** The stored banner's version (see avatarVersion), '' for none; as avatar_version. */
  banner_version: Generated<string>
  /** ThumbHash of the stored banner (base64), painted while it loads; '' for none. */
  banner_thumbhash: Generated<string>
  /**
   * Unused: the profile's font is the one kept among its preferences. Releases up to 0.2.0
   * read and wrote it; the next release drops it (CHANGELOG.md "Deprecated").
   */
  font: Generated<string>
  /**
   * The preferences the account keeps, as a JSON object, or NULL for none yet: the keys a
   * release knows (KeptPreferencesSchema) beside any a later one added, kept as they are.
   */
  preferences: string | null
  /**
   * Unused: the pins a period are the plan's (server plans/), read from the configuration when
   * answering, so a change of PLANS applies to every account at once.
   */
  pin_count: Generated<number>
  /** Pins used in the period ending at pin_reset_at; counts only while that is in the future. */
  used_pin_count: Generated<number>
  /** ISO 8601: the end of the pin period the first pin after the last one started; NULL before. */
  pin_reset_at: string | null
  /** The plan's name (PLANS), 'free' by default; counts as free past plan_until. */
  plan: Generated<string>
  /** ISO 8601: when the operator's grant of `plan` ends; NULL for no end. */
  plan_until: string | null
  /** The addresses among the links whose pages linked back with rel="me" (JSON); '[]' for none. */
  verified_links: Generated<string>
  /** The handle those pages linked back to: they count only while it is the profile's. */
  verified_for: Generated<string>
  /**
   * Moves on with every write to the user's board (board/order.ts boardTransaction), so a page
   * drawn from it is known to be current by this row alone.
   */
  board_version: Generated<number>
  updated_at: string
}

/** Handles users changed away from, reserved until expires_at (stores/released-handles.ts). */
export interface ReleasedHandlesTable {
  /** Lowercase, as profiles.username held it. */
  username: string
  /** handleSkeleton(username): its look-alikes are reserved with it. */
  skeleton: string
  /** Its last holder, who may take it back and whom it redirects to; NULL once they are deleted. */
  user_id: string | null
  /** ISO 8601. */
  expires_at: string
}

/**
 * Each change of a user's handle, for the limit on changes and to take one back
 * (stores/released-handles.ts); kept for the days a release lasts, and the latest older one.
 */
export interface HandleChangesTable {
  user_id: string
  /** 1, 2, 3… for each user, in the order its changes were made. */
  seq: number
  /** The handle changed away from, lowercase. */
  username: string
  /** The same, as typed. */
  display_username: string
  /** ISO 8601. */
  changed_at: string
}
