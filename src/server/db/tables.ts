import type { Generated } from 'kysely'
import type { LikeStatus } from '../../shared/anime'

/** Row types of Mofu's own tables, as Kysely sees them. */

export interface InstanceSettingsTable {
  key: string
  value: string
}

export interface PageViewCountsTable {
  path: string
  /** UTC day as YYYY-MM-DD. */
  day: string
  views: number
}

export interface RateLimitsTable {
  key: string
  count: number
  /** Epoch milliseconds; PostgreSQL's bigint arrives as a string. */
  expires_at: number | string
}

export interface ProfilesTable {
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
  /** The profile fields (profile-fields.ts), '' while unset. */
  bio: Generated<string>
  pronouns: Generated<string>
  accent: Generated<string>
  frame: Generated<string>
  /** The links as JSON, a list of { label, url }; '[]' for none. */
  links: Generated<string>
  /** The addresses among the links whose pages linked back with rel="me" (JSON); '[]' for none. */
  verified_links: Generated<string>
  /** The handle those pages linked back to: they count only while it is the profile's. */
  verified_for: Generated<string>
  /** 1 when the /@handle page asks not to be indexed (noindex), else 0. */
  noindex: Generated<number>
  updated_at: string
}

/** Better Auth's user table, as far as Mofu reads or deletes it itself. */
/** Browsers each account has signed in from (sessions/known-browsers.ts): a hash of their cookie. */
export interface KnownDevicesTable {
  user_id: string
  device_hash: string
  first_seen: string
}

export interface UserTable {
  id: string
  email: string
  /** SQLite stores 0 or 1, PostgreSQL a boolean. */
  emailVerified: number | boolean
  /** SQLite stores ISO 8601 text, PostgreSQL a timestamptz. */
  createdAt: string | Date
}

/** Accounts an operator disabled; a user with no row here is enabled. */
export interface DisabledUsersTable {
  user_id: string
  reason: string | null
  /** ISO 8601. */
  disabled_at: string
}

/** Better Auth's session table, as far as Mofu reads it itself. */
export interface SessionTable {
  id: string
  token: string
  userId: string
  /** When its owner last proved who they are (recent-proof.ts), null for never. */
  authenticatedAt: string | Date | null
  /** Sign-in or the last daily renewal; SQLite stores ISO 8601 text, PostgreSQL a timestamptz. */
  updatedAt: string | Date
  expiresAt: string | Date
}

/** Better Auth's account table, as far as Mofu reads it itself. */
export interface AccountTable {
  id: string
  userId: string
  providerId: string
  /** The password hash of a `credential` account; null for Google. */
  password: string | null
  /** SQLite stores ISO 8601 text, PostgreSQL a timestamptz. */
  createdAt: string | Date
}

/** Better Auth's passkey table, as far as Mofu reads it itself. */
export interface PasskeyTable {
  id: string
  userId: string
  name: string | null
  /** The WebAuthn credential id (base64url): one passkey of one account. */
  credentialID: string
  createdAt: string | Date | null
}

/** The newest TOTP step each user's codes were accepted at (auth/two-factor-codes.ts). */
export interface TotpLastStepsTable {
  user_id: string
  /** Seconds since the epoch divided by 30; PostgreSQL's bigint arrives as a string. */
  step: number | string
}

/**
 * Browsers trusted to skip two-factor codes (auth/trusted-browsers.ts): a hash of each one's
 * trust id, with the session it last signed in.
 */
export interface TrustedBrowsersTable {
  trust_hash: string
  user_id: string
  session_id: string
}

/** The security events each owner sees (security-events.ts), kept for ACTIVITY_DAYS. */
export interface SecurityActivityTable {
  id: string
  user_id: string
  /** An ActivityEvent. */
  event: string
  /** ISO 8601: text on both databases, so cursors compare alike. */
  at: string
  /** A SignInMethod, for sign-ins. */
  method: string | null
  browser: string | null
  system: string | null
  /** The client's /24 or /48, never the full address. */
  network: string | null
  /** The session a sign-in started, to mark "this device". */
  session_id: string | null
  count: Generated<number>
}

/** Each account's pending change of address (account/email-change.ts). */
export interface EmailChangesTable {
  user_id: string
  /** SHA-256 of the code mailed to the new address, hex. */
  code_hash: string
  new_email: string
  /** ISO 8601. */
  expires_at: string
  /** The session that asked for it: the change dies with it. NULL for requests made before. */
  session_id: string | null
  /** ISO 8601: when that session's holder signed in, from which a recovery disowns. */
  disown_since: string | null
}

/** Each change of address of the last week (auth/address-changes.ts). */
export interface AddressChangesTable {
  id: string
  user_id: string
  old_email: string
  new_email: string
  /** ISO 8601. */
  changed_at: string
  /** ISO 8601: from when a recovery through the old address disowns what happened. */
  disown_since: string
}

/** Links that take an account back (auth/account-recovery.ts), by the hash of their code. */
export interface RecoveryCodesTable {
  /** SHA-256 of the code, hex. */
  code_hash: string
  user_id: string
  /** ISO 8601: the handle the account had then is given back by the recovery. */
  disown_since: string
  /** The address the link was mailed to, given back by the recovery; null before 0028. */
  email: string | null
  /** ISO 8601. */
  expires_at: string
}

/** When each account was last recovered: reset links sent before then no longer work. */
export interface AccountRecoveriesTable {
  user_id: string
  /** ISO 8601. */
  recovered_at: string
}

/** Better Auth's verification table, as far as Mofu deletes from it itself. */
export interface VerificationTable {
  id: string
  identifier: string
  /** A reset code's value is the user's id. */
  value: string
}

/** Better Auth's two-factor table, as far as Mofu deletes from it itself. */
export interface TwoFactorTable {
  id: string
  userId: string
  /** The backup codes, hashed (auth/backup-codes.ts). */
  backupCodes: string
}

/** Passwords of later sign-ups for an unverified address (auth/sign-up-passwords.ts). */
export interface SignUpPasswordsTable {
  id: string
  user_id: string
  /** Better Auth's password hash. */
  password_hash: string
  /** ISO 8601. */
  created_at: string
}

/** Handles users changed away from, reserved until expires_at (profiles/released-handles.ts). */
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
 * (profiles/released-handles.ts); kept for the days a release lasts, and the latest older one.
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

/** One title of the anime catalog (catalog/catalog-store.ts); lists are JSON text. */
export interface CatalogTitlesTable {
  /** catalog/bangumi-data.ts `titleIdOf`: stays the same across data versions. */
  id: string
  /** As first published, mostly Japanese. */
  title: string
  /** The language of `title`: ja, en, zh-Hans or zh-Hant. */
  lang: string
  /** `{ "zh-Hans": ["…"], "en": ["…"] }` */
  translations: string
  type: string
  /** ISO 8601, or '' when unknown. */
  begin_at: string
  end_at: string
  /** ISO 8601 repeating interval (`R/2024-04-06T15:00:00.000Z/P7D`), or ''. */
  broadcast: string
  official_site: string
  /** `[{ "site": "netflix", "id": "…", "url": "https://…" }]`: information and where-to-watch. */
  sites: string
  /** `["bangumi:123", "mal:45"]`: what keeps the id when the data's preferred one changes. */
  source_keys: string
  /** The MyAnimeList id, for imports of MyAnimeList lists. */
  mal_id: string | null
  /** The catalog_state generation that last had this title. */
  loaded_generation: number
  /** ISO 8601 since when the loaded data no longer has the title; NULL while it does. */
  missing_since: string | null
}

/** The one row (key 'catalog') saying what the catalog holds, and who is loading it now. */
export interface CatalogStateTable {
  key: string
  /** 'shipped' (the bangumi-data package) or 'import' (`mofu catalog import`). */
  source: Generated<string>
  version: Generated<string>
  /** SHA-256 of the loaded data file. */
  hash: Generated<string>
  /** SHA-256 of the last shipped data loaded: a start loads shipped data new to the database. */
  shipped_hash: Generated<string>
  /** Counts each load; instances rebuild their search index when it moves. */
  generation: Generated<number>
  /** ISO 8601. */
  loaded_at: Generated<string>
  /** The loading instance's token, '' when none loads. */
  claim: Generated<string>
  /** Epoch milliseconds; past it the claim is free again. PostgreSQL's bigint arrives as a string. */
  claimed_until: Generated<number | string>
}

/** Who likes which title (board/likes-store.ts). */
export interface LikesTable {
  user_id: string
  anime_id: string
  /** NULL: Unsorted. */
  folder_id: string | null
  /** Fractional index: the like's place among the folder's likes. */
  order_key: string
  /** ISO 8601. */
  liked_at: string
  /** shared/anime.ts LIKE_STATUSES, or NULL for none yet. */
  status: LikeStatus | null
  /** Private to its user; '' for none. */
  note: Generated<string>
  /** Fractional index: the like's place among its user's pinned titles; NULL when not pinned. */
  pin_key: string | null
}

/** The folders of each user's board (board/). */
export interface FoldersTable {
  id: string
  user_id: string
  name: string
  /** The name as uniqueness compares it: NFKC, lower case. */
  name_key: string
  /** Fractional index: the folder's place among its user's folders. */
  order_key: string
  /** ISO 8601. */
  created_at: string
  /** 1 when anyone may see it at /@handle and /@handle/slug, else 0 (the default). */
  public: Generated<number>
  /** The last part of its public address (folderSlug), unique per user. */
  slug: string
}

/** A slug a folder had before its owner renamed it: its address leads to the folder's current one. */
export interface FolderSlugsTable {
  user_id: string
  slug: string
  folder_id: string
}

/** Each account's calendar feed (calendar/calendar-store.ts); no row while it is off. */
export interface CalendarFeedsTable {
  user_id: string
  /** SHA-256 of the address's secret, hex. */
  secret_hash: string
  /** ISO 8601: when this address was made. */
  created_at: string
}

export interface Tables {
  calendar_feeds: CalendarFeedsTable
  catalog_titles: CatalogTitlesTable
  catalog_state: CatalogStateTable
  likes: LikesTable
  folders: FoldersTable
  folder_slugs: FolderSlugsTable
  profiles: ProfilesTable
  released_handles: ReleasedHandlesTable
  handle_changes: HandleChangesTable
  user: UserTable
  session: SessionTable
  account: AccountTable
  disabled_users: DisabledUsersTable
  instance_settings: InstanceSettingsTable
  page_view_counts: PageViewCountsTable
  rate_limits: RateLimitsTable
  known_devices: KnownDevicesTable
  passkey: PasskeyTable
  totp_last_steps: TotpLastStepsTable
  trusted_browsers: TrustedBrowsersTable
  security_activity: SecurityActivityTable
  email_changes: EmailChangesTable
  address_changes: AddressChangesTable
  recovery_codes: RecoveryCodesTable
  account_recoveries: AccountRecoveriesTable
  sign_up_passwords: SignUpPasswordsTable
  verification: VerificationTable
  twoFactor: TwoFactorTable
}
