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
