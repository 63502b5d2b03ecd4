import { APIError, createAuthMiddleware, sendVerificationEmailFn } from 'better-auth/api'
import type { BetterAuthOptions } from 'better-auth'
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '../../shared/auth-messages'
import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '../../shared/passkeys'
import { SERVER_MESSAGES } from '../http/messages'
import { requestSource, type SecurityEvents } from '../security-events'
import type { AccountNotices } from './account-notices'
import { refuseCommonPassword } from './common-passwords'
import type { verificationLinks } from './verification-links'

export interface RequestHookDeps {
  publicUrl: string
  neutralAuthErrors: boolean
  links: ReturnType<typeof verificationLinks>
  event: SecurityEvents
  /** Awaits mail work, or in neutral mode lets it finish after the answer. */
  deliver: (work: Promise<void>) => Promise<void>
  notices: AccountNotices
}

/**
 * What Mofu adds around Better Auth's own endpoints: stale verification links refused, common
 * passwords refused, the spec's "in use" and "no account" answers (unless neutral), sign-in
 * failures logged, and a second sign-up for an unverified address taking it over (docs/using.md
 * "Signing up": pre-account takeover).
 */
export function requestHooks(deps: RequestHookDeps): NonNullable<BetterAuthOptions['hooks']> {
  const sameOriginPath = (target: unknown): target is string => {
    if (typeof target !== 'string') return false
    try {
      return new URL(target, deps.publicUrl).origin === new URL(deps.publicUrl).origin
    } catch {
      return false
    }
  }

  /** The link's landing page with `error=<code>`, for the panel to say why; null if not ours. */
  const landingWith = (callbackURL: unknown, code: string): string | null => {
    if (!sameOriginPath(callbackURL)) return null
    const target = new URL(callbackURL, deps.publicUrl)
    target.searchParams.set('error', code)
    return callbackURL.startsWith('/') ? target.pathname + target.search : target.toString()
  }

  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path === '/verify-email' && (await deps.links.isStale(ctx.query?.token))) {
        const landing = landingWith(ctx.query?.callbackURL, 'INVALID_TOKEN')
        if (landing !== null) throw ctx.redirect(landing)
        throw new APIError('UNAUTHORIZED', {
          code: 'INVALID_TOKEN',
          message: AUTH_MESSAGES.verifyLinkInvalid,
        })
      }
      // The link of a disabled account would start no session (database-hooks.ts) and answer a
      // bare 403: the browser that followed it lands on the app with the reason instead.
      if (
        ctx.path === '/verify-email' &&
        (await deps.links.isForDisabledAccount(ctx.query?.token))
      ) {
        const landing = landingWith(ctx.query?.callbackURL, AUTH_ERROR_CODES.accountDisabled)
        if (landing !== null) throw ctx.redirect(landing)
      }
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
      const replaceAndSend = async () => {
        if (answeredId !== userId) {
          // A sign-up again for an address nobody has verified: Better Auth answered as for a
          // duplicate and kept the earlier password. This sign-up's password replaces it, and
          // whatever the earlier one started ends; the new link (bound to it) voids older ones.
          const hash = await ctx.context.password.hash(password)
          const accounts = await ctx.context.internalAdapter.findAccounts(userId)
          if (accounts.some((account) => account.providerId === 'credential')) {
            await ctx.context.internalAdapter.updatePassword(userId, hash)
          } else {
            await ctx.context.internalAdapter.linkAccount({
              userId,
              providerId: 'credential',
              accountId: userId,
              password: hash,
            })
          }
          await ctx.context.internalAdapter.deleteUserSessions(userId)
        }
        await sendVerificationEmailFn(ctx, found.user)
      }
      await deps.event('sign-up', { ...source, userId })
      // A failure to send reaches the user; in neutral mode the second hash and the mail would
      // tell an unverified address from a new one by time, so both happen after the answer.
      await deps.deliver(replaceAndSend())
    }),
  }
}
