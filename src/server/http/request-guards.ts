import type { Context } from 'hono'
import { SERVER_MESSAGES } from './messages'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const CROSS_SITE_MESSAGE = SERVER_MESSAGES.crossSite

/**
 * Whether a state-changing request comes, as its browser says, from another origin (cross-site
 * request forgery). Browsers send Origin on every such fetch or form post, and Sec-Fetch-Site
 * besides; a page on another site, even a sibling subdomain, cannot forge either. A request
 * with neither header is not from a current browser, so it carries no cookie a victim's browser
 * added for it: such clients (curl, the app's own tests) act only with what they hold
 * themselves. Better Auth checks its own routes under /api/auth the same way.
 */
export function crossSiteWrite(publicUrl: string): (c: Context) => boolean {
  const origin = new URL(publicUrl).origin
  return (c) => {
    if (!STATE_CHANGING.has(c.req.method) || c.req.path.startsWith('/api/auth/')) return false
    const sentOrigin = c.req.header('Origin')
    const site = c.req.header('Sec-Fetch-Site')
    const foreignOrigin = sentOrigin !== undefined && sentOrigin !== origin
    const foreignSite = site === 'cross-site' || (site === 'same-site' && sentOrigin !== origin)
    return foreignOrigin || foreignSite
  }
}

/**
 * Whether an API path answers about the signed-in user (its account, sign-in, change of
 * address): such answers are never kept by a browser or shared cache.
 */
export const isPersonalApiPath = (path: string) => /^\/api\/(me|auth|email-change)(\/|$)/.test(path)
