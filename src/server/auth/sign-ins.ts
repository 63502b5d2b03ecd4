import type { BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware } from 'better-auth/api'
import type { SignInMethod } from '../../shared/security-activity'
import { requestSource, type SecurityEvents } from '../security-events'
import type { KnownBrowsers } from '../sessions/known-browsers'

interface CreatedSession {
  id: string
  token: string
  userId: string
  userAgent?: string | null
}

/** How the sign-in at this Better Auth path proved who it was. */
function methodOf(path: string): SignInMethod | undefined {
  if (path === '/sign-in/email') return 'password'
  if (path === '/passkey/verify-authentication') return 'passkey'
  if (path.startsWith('/two-factor/')) return 'two-factor'
  if (path === '/sign-up/verify') return 'email-link'
  if (path.includes('/callback/')) return 'google'
  return undefined
}

/**
 * When a sign-in counts: its `sign-in.ok` event, its browser remembered and, for a browser the
 * account has not used, the notice mail (docs/using.md "Notices"). Not when its session is written:
 * a password log-in of an account with two-factor codes writes a session that the two-factor
 * plugin deletes at once, until a code is given. Counting then would log a success and mail "a
 * new sign-in" on the password alone. So a session written during a request is noted, and the
 * sign-in counts when that request ends with the same session handed to the browser.
 */
export function signIns(event: SecurityEvents, browsers: KnownBrowsers) {
  /** Per request (Better Auth's per-request context): the session it wrote last. */
  const written = new WeakMap<object, CreatedSession>()

  return {
    /** For databaseHooks.session.create.after. */
    async sessionWritten(
      session: CreatedSession,
      ctx: { context: object } | null | undefined,
    ): Promise<void> {
      // A session the server makes outside a request belongs to no browser.
      if (ctx === null || ctx === undefined) await event('sign-in.ok', { userId: session.userId })
      else written.set(ctx.context, session)
    },

    /** Listed after the two-factor plugin, so its hook runs after that plugin's. */
    plugin: {
      id: 'mofu-sign-ins',
      hooks: {
        after: [
          {
            matcher: () => true,
            handler: createAuthMiddleware(async (ctx) => {
              const session = written.get(ctx.context)
              if (session === undefined) return
              written.delete(ctx.context)
              const handedOut = ctx.context.newSession
              if (handedOut?.session.token !== session.token) return
              await event('sign-in.ok', {
                ...requestSource(ctx.headers),
                userId: session.userId,
                sessionId: session.id,
                method: methodOf(ctx.path),
              })
              await browsers.signedIn(handedOut.user, session.userAgent, ctx)
            }),
          },
        ],
      },
    } satisfies BetterAuthPlugin,
  }
}

export type SignIns = ReturnType<typeof signIns>
