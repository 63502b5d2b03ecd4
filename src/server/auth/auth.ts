import { betterAuth } from 'better-auth'
import type { SecondaryStorage } from '@better-auth/core/db'
import { APIError, createAuthMiddleware, sendVerificationEmailFn } from 'better-auth/api'
import { genericOAuth } from 'better-auth/plugins'
import type { Kysely } from 'kysely'
import { AUTH_ERROR_CODES, AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '../../shared/auth-messages'
import type { Config } from '../config'
import type { DialectName } from '../db/database'
import type { Tables } from '../db/tables'
import type { Logger } from '../logger'
import { LIMITS, mayMail, type Limiter } from '../http/limiter'
import type { Mailer } from '../mail/mailer'
import { passwordResetMail, verificationMail } from '../mail/templates'
import { refuseCommonPassword } from './common-passwords'
import { databaseHooks } from './database-hooks'
import { verificationLinks } from './verification-links'
import {
  CLIENT_IP_HEADER,
  logSecurityEvent,
  requestSource,
  type SecurityEventName,
  type SecurityEventSource,
} from '../security-events'

export { CLIENT_IP_HEADER }

const VERIFICATION_VALID_SECONDS = 24 * 60 * 60
const RESET_VALID_SECONDS = 60 * 60
/** Figures documented in the README's "Abuse limits". */
const AUTH_RATE_LIMITS: Record<string, { window: number; max: number }> = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 5 },
  '/send-verification-email': { window: 60, max: 3 },
  '/request-password-reset': { window: 60, max: 3 },
  '/reset-password': { window: 60, max: 10 },
}

/**
 * Better Auth endpoints no Mofu feature uses, off until one does: the name is the profile's
 * (PATCH /api/me/profile), and Mofu neither links accounts by hand, nor reads provider tokens,
 * nor changes addresses. /list-accounts stays: the panel asks it whether the user has a password.
 */
const DISABLED_PATHS = [
  '/update-user',
  '/change-email',
  '/link-social',
  '/oauth2/link',
  '/unlink-account',
  '/get-access-token',
  '/refresh-token',
  '/account-info',
]

export interface AuthDeps {
  db: Kysely<Tables>
  dialect: DialectName
  config: Pick<Config, 'publicUrl' | 'google' | 'neutralAuthErrors'>
  secret: string
  mailer: Mailer
  logger: Logger
  /** Shared store for rate limits across instances (Redis); the database when absent. */
  secondaryStorage?: SecondaryStorage
  /** Mofu's own limits: per account and per mail recipient. */
  limiter: Limiter
}

/** A mail that could not be sent becomes a clear 503; whatever was stored stays stored. */
async function sendOrFail(mailer: Mailer, send: () => ReturnType<Mailer['send']>, logger: Logger) {
  try {
    await send()
  } catch (error) {
    logger.warn({ err: error }, 'mail not sent')
    throw new APIError('SERVICE_UNAVAILABLE', {
      code: AUTH_ERROR_CODES.mailNotSent,
      message: AUTH_MESSAGES.mailNotSent,
    })
  }
}

/** `a…@example.com`: enough to tell addresses apart in a log, not enough to harvest them. */
function maskAddresses(text: string): string {
  return text.replace(/([^\s@<>"':]{1})[^\s@<>"':]*@([^\s@<>"']+)/g, '$1…@$2')
}

export function createAuth(deps: AuthDeps) {
  const { config, mailer, logger, db } = deps
  const caps = { limiter: deps.limiter, logger }
  const hours = (seconds: number) => `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`
  const event = (name: SecurityEventName, source: SecurityEventSource) =>
    logSecurityEvent(logger, name, source)

  const links = verificationLinks(db, deps.secret, VERIFICATION_VALID_SECONDS)

  async function sendVerification(user: { id: string; email: string }, url: string) {
    const link = await links.bind(user, url)
    await sendOrFail(
      mailer,
      () =>
        mailer.send(
          verificationMail({
            to: user.email,
            url: link,
            validFor: hours(VERIFICATION_VALID_SECONDS),
          }),
        ),
      logger,
    )
  }

  const sameOriginPath = (target: unknown): target is string => {
    if (typeof target !== 'string') return false
    try {
      return new URL(target, config.publicUrl).origin === new URL(config.publicUrl).origin
    } catch {
      return false
    }
  }

  /** With AUTH_NEUTRAL_ERRORS the answer must not wait for a mail only existing accounts get. */
  const deliver = async (send: Promise<void>) => {
    if (!config.neutralAuthErrors) return send
    // Nobody is waiting for the answer; mail failures are logged by sendOrFail already.
    send.catch((error: unknown) => {
      if (!(error instanceof APIError)) logger.warn({ err: error }, 'background auth work failed')
    })
  }

  return betterAuth({
    appName: 'Mofu',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    database: { db, type: deps.dialect },
    telemetry: { enabled: false },
    disabledPaths: DISABLED_PATHS,
    trustedOrigins: [config.publicUrl],
    logger: {
      log: (level, message, ...args) =>
        logger[level]({ args }, `auth: ${maskAddresses(String(message))}`),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_VALID_SECONDS,
      sendResetPassword: async ({ user, token }, request) => {
        const from = requestSource(request?.headers)
        event('password-reset.requested', { ...from, userId: user.id })
        return deliver(
          (async () => {
            // Better Auth answers a reset request alike for every address, so past the cap too.
            if (!(await mayMail(caps, LIMITS.resetMail, user, from, 'silent'))) return
            await sendOrFail(
              mailer,
              () =>
                mailer.send(
                  passwordResetMail({
                    to: user.email,
                    url: `${config.publicUrl}/account/reset?oobCode=${encodeURIComponent(token)}`,
                    validFor: hours(RESET_VALID_SECONDS),
                  }),
                ),
              logger,
            )
          })(),
        )
      },
      onPasswordReset: async ({ user }, request) => {
        event('password-reset.completed', { ...requestSource(request?.headers), userId: user.id })
        // A completed reset proves the owner: failed guesses before it no longer lock them out.
        await deps.limiter.clear(LIMITS.signInFailures, user.email.toLowerCase())
      },
    },
    emailVerification: {
      // Sent by the sign-up hook below instead, so a failure reaches the user.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_VALID_SECONDS,
      sendVerificationEmail: async ({ user, url }, request) => {
        const from = requestSource(request?.headers)
        const pastCap = config.neutralAuthErrors ? 'silent' : 'refuse'
        if (!(await mayMail(caps, LIMITS.verificationMail, user, from, pastCap))) return
        await sendVerification(user, url)
      },
      afterEmailVerification: async (user, request) => {
        event('email.verified', { ...requestSource(request?.headers), userId: user.id })
      },
    },
    session: {
      expiresIn: 7 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      storeSessionInDatabase: true,
    },
    account: {
      // Google may link to an address whose password sign-up nobody verified; the hook below
      // then removes that password (pre-account takeover). Verified accounts link as before.
      accountLinking: { requireLocalEmailVerified: false },
    },
    // Reset codes and OAuth states are looked up by their hash, so a copy of the table holds none.
    verification: { storeIdentifier: 'hashed' },
    databaseHooks: databaseHooks(db, event),
    ...(deps.secondaryStorage === undefined ? {} : { secondaryStorage: deps.secondaryStorage }),
    rateLimit: {
      enabled: true,
      storage: deps.secondaryStorage === undefined ? 'database' : 'secondary-storage',
      window: 60,
      max: 100,
      customRules: AUTH_RATE_LIMITS,
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth turns its Origin (CSRF) and callback URL checks off when NODE_ENV is test;
      // on here, so the tests run what production runs.
      disableOriginCheck: false,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/verify-email' && (await links.isStale(ctx.query?.token))) {
          const callbackURL: unknown = ctx.query?.callbackURL
          if (sameOriginPath(callbackURL)) {
            const target = new URL(callbackURL, config.publicUrl)
            target.searchParams.set('error', 'INVALID_TOKEN')
            throw ctx.redirect(
              callbackURL.startsWith('/') ? target.pathname + target.search : target.toString(),
            )
          }
          throw new APIError('UNAUTHORIZED', {
            code: 'INVALID_TOKEN',
            message: AUTH_MESSAGES.verifyLinkInvalid,
          })
        }
        // ID-token sign-in would skip the redirect flow and its state and PKCE checks.
        if (ctx.path === '/sign-in/social' && ctx.body?.idToken !== undefined) {
          throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found.' })
        }
        if (ctx.path === '/sign-up/email') refuseCommonPassword(ctx.body?.password)
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          refuseCommonPassword(ctx.body?.newPassword)
        }

        if (config.neutralAuthErrors) return
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
            event('sign-in.failed', { ...requestSource(ctx.headers), userId: found?.user.id })
            throw new APIError('UNAUTHORIZED', {
              code: AUTH_ERROR_CODES.userNotFound,
              message: AUTH_MESSAGES.userNotFound,
            })
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
          event('sign-in.failed', { ...source, userId: found?.user.id })
          return
        }
        if (ctx.path === '/change-password' && !failed) {
          event('password.changed', { ...source, userId: ctx.context.session?.user.id })
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
        event('sign-up', { ...source, userId })
        // A failure to send reaches the user; in neutral mode the second hash and the mail would
        // tell an unverified address from a new one by time, so both happen after the answer.
        await deliver(replaceAndSend())
      }),
    },
    plugins:
      config.google === undefined
        ? []
        : [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  discoveryUrl: `${config.google.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ],
  })
}

export type Auth = ReturnType<typeof createAuth>
