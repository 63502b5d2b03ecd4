import { createMiddleware } from 'hono/factory'
import { apiError } from './errors'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const CROSS_SITE_MESSAGE = 'This request came from another site, so Mofu did not carry it out.'

/**
 * Refuses a state-changing request that a browser says comes from another origin (cross-site
 * request forgery). Browsers send Origin on every such fetch or form post, and Sec-Fetch-Site
 * besides; a page on another site, even a sibling subdomain, cannot forge either. A request
 * with neither header is not from a current browser, so it carries no cookie a victim's browser
 * added for it: such clients (curl, the app's own tests) act only with what they hold
 * themselves. Better Auth checks its own routes under /api/auth the same way.
 */
export function sameOriginWrites(publicUrl: string) {
  const origin = new URL(publicUrl).origin
  return createMiddleware(async (c, next) => {
    if (STATE_CHANGING.has(c.req.method) && !c.req.path.startsWith('/api/auth/')) {
      const sentOrigin = c.req.header('Origin')
      const site = c.req.header('Sec-Fetch-Site')
      const foreignOrigin = sentOrigin !== undefined && sentOrigin !== origin
      const foreignSite = site === 'cross-site' || (site === 'same-site' && sentOrigin !== origin)
      if (foreignOrigin || foreignSite) return apiError(c, 403, 'CROSS_SITE', CROSS_SITE_MESSAGE)
    }
    await next()
  })
}

/** Answers about the signed-in user are never kept by a browser or shared cache. */
export const noStoreForAccounts = createMiddleware(async (c, next) => {
  await next()
  if (/^\/api\/(me|auth)(\/|$)/.test(c.req.path)) c.header('Cache-Control', 'no-store')
})
