import type { BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware } from 'better-auth/api'
import { requestSource, type SecurityEventName, type SecurityEventSource } from '../security-events'
import type { KnownDevices } from './known-devices'

interface CreatedSession {
  token: string
  userId: string
  userAgent?: string | null
}

/**
 * When a sign-in counts: its `sign-in.ok` event, its browser remembered and, for a browser the
 * account has not used, the notice mail (docs/using.md "Notices"). Not when its session is written:
 * a password log-in of an account with two-factor codes writes a session that the two-factor
 * plugin deletes at once, until a code is given. Counting then would log a success and mail "a
 * new sign-in" on the password alone. So a session written during a request is noted, and the
 * sign-in counts when that request ends with the same session handed to the browser.
 */
export function signIns(
  event: (name: SecurityEventName, source: SecurityEventSource) => void,
  devices: KnownDevices,
) {
  /** Per request (Better Auth's per-request context): the session it wrote last. */
  const written = new WeakMap<object, CreatedSession>()

  return {
    /** For databaseHooks.session.create.after. */
    sessionWritten(session: CreatedSession, ctx: { context: object } | null | undefined): void {
      // A session the server makes outside a request belongs to no browser.
      if (ctx === null || ctx === undefined) event('sign-in.ok', { userId: session.userId })
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
              event('sign-in.ok', { ...requestSource(ctx.headers), userId: session.userId })
              await devices.signedIn(handedOut.user, session.userAgent, ctx)
            }),
          },
        ],
      },
    } satisfies BetterAuthPlugin,
  }
}

export type SignIns = ReturnType<typeof signIns>
