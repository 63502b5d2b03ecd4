import type { BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware } from 'better-auth/api'
import { deleteSessionCookie } from 'better-auth/cookies'
import { generateRandomString } from 'better-auth/crypto'
import { TWO_FACTOR_COOKIE, TWO_FACTOR_COOKIE_SECONDS } from '../../shared/cookies'
import { TWO_FACTOR_ERRORS } from '../../shared/two-factor'

/**
 * Where a redirect answer sends the browser, or null for any other answer. The callback throws
 * its redirect as an error of the router's own class, so it is read by shape.
 */
function locationOf(returned: unknown): string | null {
  const redirect = returned as { statusCode?: unknown; headers?: unknown } | null
  if (redirect?.statusCode !== 302 || !(redirect.headers instanceof Headers)) return null
  return redirect.headers.get('location')
}

/**
 * Google sign-in into an account with two-factor on asks for the code too (docs/using.md
 * "Two-factor authentication"): the plugin guards only password log-ins. Whoever takes over
 * the mailbox could otherwise create a Google account for the address and skip the code. The
 * session the callback wrote is deleted and a log-in waiting for its code starts instead,
 * exactly as the plugin starts one after a password; the popup lands with
 * `error=TWO_FACTOR_REQUIRED` and the panel asks for the code.
 */
export function googleTwoFactorPlugin(): BetterAuthPlugin {
  return {
    id: 'mofu-google-two-factor',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path?.startsWith('/callback/') === true,
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession
            const location = locationOf(ctx.context.returned)
            if (data === null || location === null) return
            if ((data.user as { twoFactorEnabled?: unknown }).twoFactorEnabled !== true) return
            deleteSessionCookie(ctx, true)
            await ctx.context.internalAdapter.deleteSession(data.session.token)
            ctx.context.setNewSession(null)
            const identifier = `2fa-${generateRandomString(20)}`
            const expiresAt = new Date(Date.now() + TWO_FACTOR_COOKIE_SECONDS * 1000)
            const { internalAdapter } = ctx.context
            await internalAdapter.createVerificationValue({
              value: data.user.id,
              identifier,
              expiresAt,
            })
            await internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            })
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, {
              maxAge: TWO_FACTOR_COOKIE_SECONDS,
            })
            await ctx.setSignedCookie(
              cookie.name,
              identifier,
              ctx.context.secret,
              cookie.attributes,
            )
            const landing = new URL(location, ctx.context.baseURL)
            landing.searchParams.append('error', TWO_FACTOR_ERRORS.googleCodeRequired)
            throw ctx.redirect(
              location.startsWith('/') ? landing.pathname + landing.search : landing.toString(),
            )
          }),
        },
      ],
    },
  }
}
