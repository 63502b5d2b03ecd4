import type { Generated } from 'kysely'

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
  avatar: Generated<string>
  font: Generated<string>
  pin_count: Generated<number>
  used_pin_count: Generated<number>
  pin_reset_at: string | null
  plan: Generated<string>
  updated_at: string
}

/** Better Auth's user table, as far as Mofu reads or deletes it itself. */
export interface UserTable {
  id: string
  email: string
}

export interface Tables {
  profiles: ProfilesTable
  user: UserTable
  instance_settings: InstanceSettingsTable
  page_view_counts: PageViewCountsTable
  rate_limits: RateLimitsTable
}
