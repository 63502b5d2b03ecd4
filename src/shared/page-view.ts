import { z } from 'zod'

const MAX_URL_LENGTH = 2048
/** Longer paths are counted by their first 256 characters (no real route is near it). */
export const PAGE_VIEW_PATH_MAX = 256

/** Only the path: a query string or fragment could carry personal data, so both are dropped. */
const PathSchema = z
  .string()
  .max(MAX_URL_LENGTH)
  .regex(/^\/(?!\/)/, { message: 'expected a path starting with /' })
  // Browsers percent-encode them, and PostgreSQL text cannot hold U+0000.
  .refine((path) => !/\p{Cc}/u.test(path), {
    message: 'expected a path without control characters',
  })
  .transform((path) => path.replace(/[?#].*$/, '').slice(0, PAGE_VIEW_PATH_MAX))

/** An absolute http(s) URL reduced to origin and path, or an in-app path; anything else: null. */
const ReferrerSchema = z
  .string()
  .max(MAX_URL_LENGTH)
  .nullable()
  .transform((referrer) => {
    if (referrer === null || referrer === '' || /\p{Cc}/u.test(referrer)) return null
    if (/^\/(?!\/)/.test(referrer)) return referrer.replace(/[?#].*$/, '')
    const url = /^(https?:\/\/[^/?#\s@]+)(\/[^?#\s]*)?/i.exec(referrer)
    return url === null ? null : `${url[1]?.toLowerCase()}${url[2] ?? '/'}`
  })

/** Body of POST /api/events/page-view. */
export const PageViewSchema = z.strictObject({ path: PathSchema, referrer: ReferrerSchema })
export type PageView = z.input<typeof PageViewSchema>
