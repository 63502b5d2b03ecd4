import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import type { Kysely } from 'kysely'
import { EMAIL_CHANGE_UNDO_VALID_SECONDS } from '../../shared/email-change'
import { KEEP_NOTHING, KeepSchema, type Recovered } from '../../shared/account-recovery'
import type { Tables } from '../db/tables'
import { SERVER_MESSAGES } from '../http/messages'
import { addressAt } from '../stores/address-history'
import { findRecoveryCode, type RecoveryCode, spendRecoveryCode } from '../stores/recovery-codes'
import { type AuthContext, recoveredAt, recoverAccount, type Recovery } from './account-recovery'

/** The verification value of a "This wasn't me" link mailed before recovery codes existed. */
const LEGACY_UNDO_PREFIX = 'email-change-undo:'

/** What a reset code is: a recovery link, a plain reset link, or neither (spent, void, unknown). */
export type ResetCode =
  | {
      kind: 'recovery'
      userId: string
      recovery: Extract<Recovery, { kind: 'recovery' }>
      expiresAt: Date
    }
  | { kind: 'reset'; userId: string }
  | null

const legacyUndoOf = (value: string): { userId: string; email: string } | null => {
  try {
    const parsed = JSON.parse(value) as { userId?: unknown; email?: unknown }
    return typeof parsed.userId === 'string' && typeof parsed.email === 'string'
      ? { userId: parsed.userId, email: parsed.email }
      : null
  } catch {
    return null
  }
}

/** A recovery link gives back the address it was mailed to (the address of its moment, for one made before links kept it). */
async function mailedTo(db: Kysely<Tables>, code: RecoveryCode) {
  const email = code.email ?? (await addressAt(db, code.userId, code.since))
  return { email, through: email }
}

/**
 * Reads a code from a reset link. A recovery link is Mofu's (stores/recovery-codes.ts); a plain one is
 * Better Auth's, and works only if it was sent after the account's latest recovery.
 */
export async function readResetCode(
  context: AuthContext,
  db: Kysely<Tables>,
  code: string,
): Promise<ResetCode> {
  // Control characters are in no code (and U+0000 cannot even be looked up in PostgreSQL).
  if (/\p{Cc}/u.test(code)) return null
  const recovery = await findRecoveryCode(db, code)
  if (recovery !== null) {
    return {
      kind: 'recovery',
      userId: recovery.userId,
      recovery: {
        kind: 'recovery',
        ...(await mailedTo(db, recovery)),
        since: recovery.since,
        keep: KEEP_NOTHING,
      },
      expiresAt: recovery.expiresAt,
    }
  }
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${code}`)
  if (found === null || new Date(found.expiresAt).getTime() <= Date.now()) return null
  const legacy = await context.internalAdapter.findVerificationValue(`${LEGACY_UNDO_PREFIX}${code}`)
  const undo = legacy === null ? null : legacyUndoOf(legacy.value)
  if (undo !== null && undo.userId === found.value) {
    const expiresAt = new Date(legacy?.expiresAt ?? 0)
    return {
      kind: 'recovery',
      userId: undo.userId,
      recovery: {
        kind: 'recovery',
        email: undo.email,
        through: undo.email,
        since: new Date(expiresAt.getTime() - EMAIL_CHANGE_UNDO_VALID_SECONDS * 1000),
        keep: KEEP_NOTHING,
      },
      expiresAt,
    }
  }
  const recovered = await recoveredAt(db, found.value)
  if (recovered !== null && new Date(found.createdAt).getTime() < recovered.getTime()) return null
  return { kind: 'reset', userId: found.value }
}

/** Each reset in flight, by its request, from the check before it to its answer after. */
interface ResetInFlight {
  context: AuthContext
  code: string
  recovery: Recovery
  recovered?: Recovered
}

export interface RecoveryResets {
  plugin: BetterAuthPlugin
  /**
   * Called once the password is reset (Better Auth's onPasswordReset): recovers the account as
   * the link asks, and says what that removed (null for a reset not made over HTTP).
   */
  completed(userId: string, request: Request | undefined): Promise<Recovered | null>
}

/**
 * Every completed password reset recovers the account (account-recovery.ts). A recovery link
 * (the old address's "This wasn't me", the activity's) disowns everything from its moment on;
 * a plain reset link disowns nothing. The answer carries what was removed, for the page to say.
 */
export function recoveryResets(db: Kysely<Tables>): RecoveryResets {
  const inFlight = new WeakMap<Request, ResetInFlight>()
  const plugin: BetterAuthPlugin = {
    id: 'mofu-recovery-resets',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/reset-password',
          handler: createAuthMiddleware(async (ctx) => {
            // Better Auth reads the token from the body, else (an empty one too) from the query.
            const fromBody: unknown = ctx.body?.token
            const token: unknown =
              typeof fromBody === 'string' && fromBody !== '' ? fromBody : ctx.query?.token
            if (typeof token !== 'string') return
            const code = await readResetCode(ctx.context, db, token)
            if (code === null) {
              throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: 'Invalid token' })
            }
            let recovery: Recovery = { kind: 'reset' }
            if (code.kind === 'recovery') {
              const keep = KeepSchema.safeParse(ctx.body?.keep ?? KEEP_NOTHING)
              if (!keep.success) {
                throw new APIError('BAD_REQUEST', {
                  code: 'INVALID_INPUT',
                  message: SERVER_MESSAGES.invalidInput,
                })
              }
              recovery = { ...code.recovery, keep: keep.data }
            }
            if (ctx.request !== undefined) {
              inFlight.set(ctx.request, { context: ctx.context, code: token, recovery })
            }
            if (code.kind !== 'recovery') return
            // Better Auth resets by its own verification value; a recovery link gets one for as
            // long as it works, made when it is used.
            const existing = await ctx.context.internalAdapter.findVerificationValue(
              `reset-password:${token}`,
            )
            if (existing !== null) return
            await ctx.context.internalAdapter.createVerificationValue({
              identifier: `reset-password:${token}`,
              value: code.userId,
              expiresAt: code.expiresAt,
            })
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/reset-password',
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.context.returned instanceof Error || ctx.request === undefined) return
            const recovered = inFlight.get(ctx.request)?.recovered
            if (recovered === undefined) return
            return ctx.json({ status: true, recovered })
          }),
        },
      ],
    },
  }
  return {
    plugin,
    async completed(userId, request) {
      const reset = request === undefined ? undefined : inFlight.get(request)
      // Only a reset through Better Auth's HTTP handler has passed the check before.
      if (reset === undefined) return null
      if (reset.recovery.kind === 'recovery') await spendRecoveryCode(db, reset.code)
      reset.recovered = await recoverAccount(reset.context, db, userId, reset.recovery)
      return reset.recovered
    },
  }
}
