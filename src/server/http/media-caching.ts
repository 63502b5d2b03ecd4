import type { Context } from 'hono'

/**
 * Caching of images served by the app under versioned URLs (/media/avatars, /media/banners, /media/cards): the
 * URL naming the current version is kept for good, any other is asked again.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'public, no-cache'

/** Whether an If-None-Match header names this ETag (weak or strong, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

/** An image's caching headers: only the URL whose ?v= names `version` is kept for good. */
export function cacheHeaders(c: Context, etag: string, version: string) {
  c.header('Cache-Control', c.req.query('v') === version ? IMMUTABLE : REVALIDATE)
  c.header('ETag', etag)
  // The app's pages may show it from a sibling origin too (Vite's dev server on its port).
  c.header('Cross-Origin-Resource-Policy', 'same-site')
}
