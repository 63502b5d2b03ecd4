import { APIError, createAuthMiddleware, sendVerificationEmailFn } from 'better-auth/api'
import type { BetterAuthOptions } from 'better-auth'
import type { Kysely } from 'kysely'
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '../../shared/auth-messages'
import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '../../shared/passkeys'
import type { Tables } from '../db/tables'
import { SERVER_MESSAGES } from '../http/messages'
import { requestSource, type SecurityEvents } from '../security-events'
import type { AccountNotices } from '../mail/account-notices'
import { refuseCommonPassword } from './common-passwords'
import { keepSignUpPassword } from './sign-up-passwords'

export interface RequestHookDeps {
  publicUrl: string
  neutralAuthErrors: boolean
  db: Kysely<Tables>
  event: SecurityEvents
  /** Awaits mail work, or in neutral mode lets it finish after the answer. */
  deliver: (work: Promise<void>) => Promise<void>
  notices: AccountNotices
}

/**
 * What Mofu adds around Better Auth's own endpoints: common passwords refused, the "in use" and "no
 * account" answers (unless neutral; docs/using.md "Messages"), sign-in failures logged, and a
 * second sign-up for an unverified address kept apart with a link of its own (docs/using.md
 * "Signing up": pre-account takeover).
 */
export function requestHooks(deps: RequestHookDeps): NonNullable<BetterAuthOptions['hooks']> {
  return {
    before: createAuthMiddleware(async (ctx) => {
      // ID-token sign-in would skip the redirect flow and its state and PKCE checks.
      if (ctx.path === '/sign-in/social' && ctx.body?.idToken !== undefined) {
        throw new APIError('NOT_FOUND', {
          code: 'NOT_FOUND',
          message: SERVER_MESSAGES.noIdTokenSignIn,
        })
      }
      if (ctx.path === '/sign-up/email') refuseCommonPassword(ctx.body?.password)
      if (ctx.path === '/reset-password') refuseCommonPassword(ctx.body?.newPassword)

      if (deps.neutralAuthErrors) return
      const email = typeof ctx.body?.email === 'string' ? ctx.body.email.toLowerCase() : null
      if (email === null) return
      if (ctx.path === '/sign-up/email') {
        const existing = await ctx.context.internalAdapter.findUserByEmail(email)
        // An unverified address is not in use: its owner may be signing up after someone else.
        if (existing?.user.emailVerified === true) {
          throw new APIError('UNPROCESSABLE_ENTITY', {
            code: AUTH_ERROR_CODES.emailInUse,
            message: AUTH_MESSAGES.emailInUse,
          })
        }
      }
      if (ctx.path === '/sign-in/email') {
        const found = await ctx.context.internalAdapter.findUserByEmail(email, {
          includeAccounts: true,
        })
        // No user, or one who only ever signed in with Google: there is no password to check.
        if (!found?.accounts.some((account) => account.providerId === 'credential')) {
          await deps.event('sign-in.failed', {
            ...requestSource(ctx.headers),
            userId: found?.user.id,
          })
          // One who removed their password signs in with a passkey (docs/using.md "Passkeys").
          const passkeys =
            found === null
              ? 0
              : await ctx.context.adapter.count({
                  model: 'passkey',
                  where: [{ field: 'userId', value: found.user.id }],
                })
          throw new APIError(
            'UNAUTHORIZED',
            passkeys > 0
              ? { code: PASSKEY_ERROR_CODES.passkeyOnly, message: PASSKEY_MESSAGES.passkeyOnly }
              : { code: AUTH_ERROR_CODES.userNotFound, message: AUTH_MESSAGES.userNotFound },
          )
        }
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      const source = requestSource(ctx.headers)
      const returned = ctx.context.returned
      const failed = returned instanceof Error
      if (ctx.path === '/sign-in/email' && failed) {
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email.toLowerCase() : ''
        const found = await ctx.context.internalAdapter.findUserByEmail(email)
        await deps.event('sign-in.failed', { ...source, userId: found?.user.id })
        return
      }
      if (ctx.path !== '/sign-up/email' || failed) return
      const body = ctx.body as { email?: unknown; password?: unknown }
      if (typeof body.email !== 'string' || typeof body.password !== 'string') return
      const found = await ctx.context.internalAdapter.findUserByEmail(body.email.toLowerCase())
      // A verified address needs no mail.
      if (found === null || found.user.emailVerified) return
      const userId = found.user.id
      const password = body.password
      const answeredId = (returned as { user?: { id?: unknown } } | null)?.user?.id
      const keepAndSend = async () => {
        // A sign-up again for an address nobody has verified: Better Auth answered as for a
        // duplicate and kept the account as it was. This sign-up's password waits apart until
        // the address's owner opens a link and gives the one they chose (sign-up-passwords.ts).
        if (answeredId !== userId) {
          await keepSignUpPassword(deps.db, userId, await ctx.context.password.hash(password))
        }
        await sendVerificationEmailFn(ctx, found.user)
      }
      await deps.event('sign-up', { ...source, userId })
      // A failure to send reaches the user; in neutral mode the second hash and the mail would
      // tell an unverified address from a new one by time, so both happen after the answer.
      await deps.deliver(keepAndSend())
    }),
  }
}
