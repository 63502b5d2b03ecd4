import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context } from 'hono'
import { AUTH_MESSAGES } from '../shared/auth-messages'
import { CLIENT_IP_HEADER, type Auth } from './auth'

/**
 * The client's address for rate limits: the socket's peer, or with TRUST_PROXY the first
 * X-Forwarded-For entry. Whatever the client sent as our own header is replaced.
 */
function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

export function authRoutes(auth: Auth, trustProxy: boolean) {
  return (
    new Hono()
      .get('/password-reset/:code', async (c) => {
        // The panel shows the reset form only for a code that is still valid (SPEC 4). A spent
        // or unknown code is an answer, not a failure: 200 with valid false.
        const context = await auth.$context
        const found = await context.internalAdapter.findVerificationValue(
          `reset-password:${c.req.param('code')}`,
        )
        if (found === null || new Date(found.expiresAt).getTime() <= Date.now()) {
          return c.json({ valid: false, error: AUTH_MESSAGES.invalidResetLink })
        }
        return c.json({ valid: true })
      })
      // Everything else under /api/auth is Better Auth's.
      .on(['GET', 'POST'], '/auth/*', (c) => {
        const headers = new Headers(c.req.raw.headers)
        headers.set(CLIENT_IP_HEADER, clientIp(c, trustProxy))
        return auth.handler(new Request(c.req.raw, { headers }))
      })
  )
}
