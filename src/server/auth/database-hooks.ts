import type { BetterAuthOptions } from 'better-auth'
import { APIError } from 'better-auth/api'
import type { Kysely } from 'kysely'
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '../../shared/auth-messages'
import type { Tables } from '../db/tables'
import type { KnownDevices } from './known-devices'
import { requestSource, type SecurityEventName, type SecurityEventSource } from '../security-events'
import { isDisabled } from './user-store'

/** A session ends this long after its sign-in, however often it was renewed (README "Accounts"). */
const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

/**
 * What happens when sessions and sign-in methods are written: no session for a disabled account
 * (password, verification link or Google alike), sign-ins logged, renewals capped at
 * SESSION_MAX_AGE_SECONDS, Google's tokens never kept, and an unverified password removed
 * when Google proves the address (pre-account takeover).
 */
export function databaseHooks(
  db: Kysely<Tables>,
  event: (name: SecurityEventName, source: SecurityEventSource) => void,
  devices: KnownDevices,
): BetterAuthOptions['databaseHooks'] {
  return {
    session: {
      create: {
        before: async (session) => {
          if (!(await isDisabled(db, session.userId))) return
          throw new APIError('FORBIDDEN', {
            code: AUTH_ERROR_CODES.accountDisabled,
            message: AUTH_MESSAGES.accountDisabled,
          })
        },
        after: async (session, ctx) => {
          event('sign-in.ok', { ...requestSource(ctx?.headers), userId: session.userId })
          // A session made in a request (not by the server itself) comes from a browser.
          if (ctx === null || ctx === undefined) return
          const user = await db
            .selectFrom('user')
            .select(['id', 'email'])
            .where('id', '=', session.userId)
            .executeTakeFirst()
          if (user !== undefined) await devices.signedIn(user, session.userAgent, ctx)
        },
      },
      update: {
        // Renewal moves the end forward, but never past SESSION_MAX_AGE_SECONDS after sign-in.
        before: async (data, ctx) => {
          const createdAt = ctx?.context.session?.session.createdAt
          if (data.expiresAt === undefined || createdAt === undefined) return
          const limit = new Date(new Date(createdAt).getTime() + SESSION_MAX_AGE_SECONDS * 1000)
          if (new Date(data.expiresAt) <= limit) return
          return { data: { ...data, expiresAt: limit } }
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
          // Google has just proved the address; the unverified password was set by whoever
          // signed up with it first, who need not be its owner. The owner can set one by reset.
          await db
            .deleteFrom('account')
            .where('userId', '=', account.userId)
            .where('providerId', '=', 'credential')
            .execute()
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
