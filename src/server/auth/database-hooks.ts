import type { BetterAuthOptions } from 'better-auth'
import { APIError } from 'better-auth/api'
import type { Kysely } from 'kysely'
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '../../shared/auth-messages'
import type { Tables } from '../db/tables'
import { isDisabled } from '../stores/disabled-accounts'
import { cappedEnd, withProof } from './recent-proof'
import type { SignIns } from './sign-ins'
import { forgetSignUpPasswords } from './sign-up-passwords'

/**
 * What happens when sessions and sign-in methods are written: no session for a disabled account
 * (password, verification link or Google alike), sign-ins counted (sign-ins.ts), when the owner last proved who they
 * are (recent-proof.ts) and the session's absolute end after it, Google's tokens never kept, and unverified passwords removed
 * when Google proves the address (pre-account takeover).
 */
export function databaseHooks(
  db: Kysely<Tables>,
  signIns: SignIns,
): BetterAuthOptions['databaseHooks'] {
  return {
    session: {
      create: {
        before: async (session, ctx) => {
          if (await isDisabled(db, session.userId)) {
            throw new APIError('FORBIDDEN', {
              code: AUTH_ERROR_CODES.accountDisabled,
              message: AUTH_MESSAGES.accountDisabled,
            })
          }
          return { data: withProof(session, ctx?.path) }
        },
        after: async (session, ctx) => signIns.sessionWritten(session, ctx),
      },
      update: {
        // Renewal moves the end forward, but never past the absolute end after the last proof.
        before: async (data, ctx) => {
          const session = ctx?.context.session?.session
          if (data.expiresAt === undefined || session === undefined) return
          return { data: { ...data, expiresAt: cappedEnd(data.expiresAt, session) } }
        },
      },
    },
    account: {
      create: {
        // Mofu never calls Google's APIs, so it keeps none of the provider's tokens.
        before: async (account) => ({
          data: { ...account, accessToken: null, refreshToken: null, idToken: null },
        }),
        after: async (account, ctx) => {
          if (account.providerId === 'credential' || !ctx) return
          const owner = await ctx.context.internalAdapter.findUserById(account.userId)
          if (owner === null || owner.emailVerified) return
          // Google has just proved the address; the unverified passwords were set by whoever
          // signed up with it, who need not be its owner. The owner can set one by reset.
          await db
            .deleteFrom('account')
            .where('userId', '=', account.userId)
            .where('providerId', '=', 'credential')
            .execute()
          await forgetSignUpPasswords(db, account.userId)
          await ctx.context.internalAdapter.deleteUserSessions(account.userId)
        },
      },
      update: {
        before: async (account) => {
          const tokens = ['accessToken', 'refreshToken', 'idToken'] as const
          if (!tokens.some((key) => account[key] !== undefined)) return
          return { data: { ...account, accessToken: null, refreshToken: null, idToken: null } }
        },
      },
    },
  }
}
