import type { BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware } from 'better-auth/api'
import { requestSource, type SecurityEvents } from '../security-events'

/** Better Auth's verification value that lets the reset of a "This wasn't me" link undo too. */
const UNDO_PREFIX = 'email-change-undo:'

/** The address an account had before a change, given back by the reset of its notice's link. */
interface UndoValue {
  userId: string
  email: string
}

/** The verification row kept beside the reset token of a change's notice (email-change.ts). */
export const undoVerification = (token: string, undo: UndoValue) => ({
  identifier: `${UNDO_PREFIX}${token}`,
  value: JSON.stringify(undo),
})

const undoValueOf = (value: string): UndoValue | null => {
  try {
    const parsed = JSON.parse(value) as Partial<UndoValue>
    return typeof parsed.userId === 'string' && typeof parsed.email === 'string'
      ? { userId: parsed.userId, email: parsed.email }
      : null
  } catch {
    return null
  }
}

/**
 * "This wasn't me": the old address's link is a password reset (which ends every session);
 * when that reset succeeds, the account gets the old address back too, unless another account
 * has taken it since.
 */
export function emailChangeUndoPlugin(event: SecurityEvents): BetterAuthPlugin {
  return {
    id: 'mofu-email-change-undo',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/reset-password',
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.context.returned instanceof Error) return
            // Better Auth reads the token from the body, else from the query.
            const token: unknown = ctx.body?.token ?? ctx.query?.token
            if (typeof token !== 'string') return
            const adapter = ctx.context.internalAdapter
            const found = await adapter.findVerificationValue(`${UNDO_PREFIX}${token}`)
            if (found === null) return
            await adapter.deleteVerificationByIdentifier(`${UNDO_PREFIX}${token}`)
            const undo = undoValueOf(found.value)
            if (undo === null || new Date(found.expiresAt).getTime() <= Date.now()) return
            const owner = await adapter.findUserByEmail(undo.email)
            if (owner !== null) return
            await adapter.updateUser(undo.userId, { email: undo.email, emailVerified: true })
            await event('email.changed', { ...requestSource(ctx.headers), userId: undo.userId })
          }),
        },
      ],
    },
  }
}
