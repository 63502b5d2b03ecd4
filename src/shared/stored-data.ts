/**
 * What Mofu keeps about a person, kind by kind, and the database table each kind lives in. The
 * privacy page describes every kind (what, why, how long); tests/integration/stored-data.test.ts
 * holds TABLE_CONTENTS to the tables the migrations make, so a new table ships either described
 * here or said to hold nothing about anyone. Files (avatars, banners, share cards) are the
 * profile's.
 */
export const STORED_DATA = [
  'account',
  'signInMethods',
  'sessions',
  'browsers',
  'passkeys',
  'twoFactor',
  'profile',
  'releasedHandles',
  'securityActivity',
  'addressChanges',
  'recovery',
  'disabled',
  'pendingCodes',
  'limitCounters',
  'likes',
] as const
export type StoredData = (typeof STORED_DATA)[number]

/** Every table, by its name in the database: the kind it holds, or null for nothing personal. */
export const TABLE_CONTENTS: Readonly<Record<string, StoredData | null>> = {
  user: 'account',
  account: 'signInMethods',
  sign_up_passwords: 'signInMethods',
  session: 'sessions',
  known_devices: 'browsers',
  trusted_browsers: 'browsers',
  passkey: 'passkeys',
  twoFactor: 'twoFactor',
  totp_last_steps: 'twoFactor',
  profiles: 'profile',
  released_handles: 'releasedHandles',
  handle_changes: 'releasedHandles',
  security_activity: 'securityActivity',
  email_changes: 'addressChanges',
  address_changes: 'addressChanges',
  recovery_codes: 'recovery',
  account_recoveries: 'recovery',
  disabled_users: 'disabled',
  verification: 'pendingCodes',
  rate_limits: 'limitCounters',
  rateLimit: 'limitCounters',
  likes: 'likes',
  folders: 'likes',
  folder_slugs: 'likes',
  calendar_feeds: 'likes',
  /** The anime catalog, from open data. */
  catalog_titles: null,
  catalog_state: null,
  /** The instance's own settings, such as the auth secret. */
  instance_settings: null,
  /** Views per path and day, with no visitor in them. */
  page_view_counts: null,
  /** Which migrations ran. */
  kysely_migration: null,
  kysely_migration_lock: null,
}
