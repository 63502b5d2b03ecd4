import { betterAuth } from 'better-auth'
import type { SecondaryStorage } from '@better-auth/core/db'
import { APIError, createAuthMiddleware, sendVerificationEmailFn } from 'better-auth/api'
import { genericOAuth } from 'better-auth/plugins'
import type { Kysely } from 'kysely'
import { AUTH_ERROR_CODES, AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '../shared/auth-messages'
import type { Config } from './config'
import type { DialectName } from './db/database'
import type { Tables } from './db/tables'
import type { Logger } from './logger'
import { LIMITS, mayMail, type Limiter } from './http/limiter'
import type { Mailer } from './mail/mailer'
import { passwordResetMail, verificationMail } from './mail/templates'

/** Header the server sets to the client's address for Better Auth's rate limits. */
export const CLIENT_IP_HEADER = 'x-mofu-client-ip'
/** Header the server sets to the request's id, for security events logged inside Better Auth. */
export const REQUEST_ID_HEADER = 'x-mofu-request-id'

const requestOrigin = (request: Request | undefined) => ({
  ip: request?.headers.get(CLIENT_IP_HEADER) ?? 'unknown',
  reqId: request?.headers.get(REQUEST_ID_HEADER) ?? undefined,
})

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

export function createAuth(deps: AuthDeps) {
  const { config, mailer, logger } = deps
  const caps = { limiter: deps.limiter, logger }
  const hours = (seconds: number) => `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`

  return betterAuth({
    appName: 'Mofu',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    database: { db: deps.db, type: deps.dialect },
    telemetry: { enabled: false },
    // The name is the profile's (PATCH /api/me/profile). Better Auth's own update stores whatever
    // JSON it is sent in the user row, so an object or null there fails with a 500.
    disabledPaths: ['/update-user'],
    trustedOrigins: [config.publicUrl],
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
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
        // Better Auth answers a reset request alike for every address, so past the cap too.
        const from = requestOrigin(request)
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
      },
      // A completed reset proves the owner: failed guesses before it no longer lock them out.
      onPasswordReset: ({ user }) =>
        deps.limiter.clear(LIMITS.signInFailures, user.email.toLowerCase()),
    },
    emailVerification: {
      // Sent by the sign-up hook below instead, so a failure reaches the user.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_VALID_SECONDS,
      sendVerificationEmail: async ({ user, url }, request) => {
        const from = requestOrigin(request)
        const pastCap = config.neutralAuthErrors ? 'silent' : 'refuse'
        if (!(await mayMail(caps, LIMITS.verificationMail, user, from, pastCap))) return
        await sendOrFail(
          mailer,
          () =>
            mailer.send(
              verificationMail({
                to: user.email,
                url,
                validFor: hours(VERIFICATION_VALID_SECONDS),
              }),
            ),
          logger,
        )
      },
    },
    session: {
      expiresIn: 7 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      storeSessionInDatabase: true,
    },
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
        if (config.neutralAuthErrors) return
        const email = typeof ctx.body?.email === 'string' ? ctx.body.email.toLowerCase() : null
        if (email === null) return
        if (ctx.path === '/sign-up/email') {
          const existing = await ctx.context.internalAdapter.findUserByEmail(email)
          if (existing !== null) {
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
            throw new APIError('UNAUTHORIZED', {
              code: AUTH_ERROR_CODES.userNotFound,
              message: AUTH_MESSAGES.userNotFound,
            })
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return
        const returned = ctx.context.returned
        if (returned instanceof Error || typeof ctx.body?.email !== 'string') return
        const found = await ctx.context.internalAdapter.findUserByEmail(
          ctx.body.email.toLowerCase(),
        )
        // A verified address needs no mail; an unverified one (new, or signing up again in
        // neutral mode) gets the link, and a failure to send reaches the user.
        if (found === null || found.user.emailVerified) return
        await sendVerificationEmailFn(ctx, found.user)
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
