import { betterAuth } from 'better-auth'
import type { SecondaryStorage } from '@better-auth/core/db'
import { APIError } from 'better-auth/api'
import { genericOAuth } from 'better-auth/plugins'
import type { Kysely } from 'kysely'
import type { Recovered } from '../../shared/account-recovery'
import { AUTH_ERROR_CODES, AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '../../shared/auth-messages'
import { SESSION_SECONDS } from '../../shared/cookies'
import { headersLanguage, type Language } from '../../shared/language'
import type { Config } from '../config'
import type { DialectName } from '../db/database'
import { noteDatabaseAway } from '../db/unavailable'
import type { Tables } from '../db/tables'
import type { Logger } from '../logger'
import { LIMITS, mayMail, type Limiter } from '../http/limiter'
import type { Mailer } from '../mail/mailer'
import type { AccountNotices } from '../mail/account-notices'
import { knownBrowsers } from '../sessions/known-browsers'
import { signIns } from './sign-ins'
import { PASSKEY_DISABLED_PATHS, passkeyPlugins } from './passkeys'
import { passwordResetMail, verificationMail } from '../mail/templates'
import { databaseHooks } from './database-hooks'
import { PRODUCTION_HASHING, type Hashing } from './hashing'
import { recentProofPlugin, SESSION_FIELDS } from './recent-proof'
import { recoveryResets } from './recovery-resets'
import { requestHooks } from './request-hooks'
import { signUpPasswordsPlugin } from './sign-up-passwords'
import { twoFactorPlugins } from './two-factor'
import { AUTH_DEFAULT_RATE_LIMIT, AUTH_RATE_LIMITS, DISABLED_PATHS } from './endpoints'
import { verificationLinks } from './verification-links'
import { CLIENT_IP_HEADER, requestSource, securityEvents } from '../security-events'

const VERIFICATION_VALID_SECONDS = 24 * 60 * 60
const RESET_VALID_SECONDS = 60 * 60
export interface AuthDeps {
  db: Kysely<Tables>
  dialect: DialectName
  config: Pick<Config, 'publicUrl' | 'google' | 'neutralAuthErrors'>
  secret: string
  mailer: Mailer
  logger: Logger
  /** The mails that tell an account's owner what just happened to it. */
  notices: AccountNotices
  /** Shared store for rate limits across instances (Redis); the database when absent. */
  secondaryStorage?: SecondaryStorage
  /** Mofu's own limits: per account and per mail recipient. */
  limiter: Limiter
  /** Never set by a deployment (hashing.ts says who does and why). */
  hashing?: Hashing
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

/** Whether a recovery gave anything back or removed anything. */
const tookBack = (recovered: Recovered) =>
  recovered.email !== null ||
  recovered.handle !== null ||
  recovered.passkeys.length > 0 ||
  recovered.twoFactor ||
  recovered.google

/** `a…@example.com`: enough to tell addresses apart in a log, not enough to harvest them. */
function maskAddresses(text: string): string {
  return text.replace(/([^\s@<>"':]{1})[^\s@<>"':]*@([^\s@<>"']+)/g, '$1…@$2')
}

export function createAuth(deps: AuthDeps) {
  const { config, mailer, logger, db } = deps
  const hashing = deps.hashing ?? PRODUCTION_HASHING
  const caps = { limiter: deps.limiter, logger }
  const event = securityEvents(logger, db)

  const links = verificationLinks(config.publicUrl, deps.secret, VERIFICATION_VALID_SECONDS)
  const { notices } = deps
  const sessions = signIns(event, knownBrowsers(db, notices, config.publicUrl.startsWith('https:')))
  const resets = recoveryResets(db)

  /** In the language of the request that asked for it (docs/architecture.md "Languages"). */
  async function sendVerification(user: { id: string; email: string }, language: Language) {
    const link = await links.make(user)
    await sendOrFail(
      mailer,
      () =>
        mailer.send(
          verificationMail({
            to: user.email,
            url: link,
            language,
            validHours: VERIFICATION_VALID_SECONDS / 3600,
          }),
        ),
      logger,
    )
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
    disabledPaths: [...DISABLED_PATHS, ...PASSKEY_DISABLED_PATHS],
    trustedOrigins: [config.publicUrl],
    logger: {
      log: (level, message, ...args) => {
        noteDatabaseAway(args)
        logger[level]({ args }, `auth: ${maskAddresses(String(message))}`)
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      ...(hashing.password === undefined ? {} : { password: hashing.password }),
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_VALID_SECONDS,
      sendResetPassword: async ({ user, token }, request) => {
        const from = requestSource(request?.headers)
        await event('password-reset.requested', { ...from, userId: user.id })
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
                    language: headersLanguage(request?.headers),
                    validHours: RESET_VALID_SECONDS / 3600,
                  }),
                ),
              logger,
            )
          })(),
        )
      },
      onPasswordReset: async ({ user }, request) => {
        await event('password-reset.completed', {
          ...requestSource(request?.headers),
          userId: user.id,
        })
        const recovered = await resets.completed(user.id, request)
        const owner = { id: user.id, email: recovered?.email ?? user.email }
        if (recovered !== null && tookBack(recovered)) {
          notices.accountRecovered(owner, recovered, request?.headers)
        } else {
          notices.passwordChanged(owner, request?.headers)
        }
        // A completed reset proves the owner: failed guesses before it no longer lock them out.
        await deps.limiter.clear(LIMITS.signInFailures, owner.email.toLowerCase())
      },
    },
    emailVerification: {
      // Sent by the sign-up hook below instead, so a failure reaches the user.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_VALID_SECONDS,
      // Better Auth's URL would verify by being opened; Mofu's opens the page that asks for the
      // password chosen at sign-up (sign-up-passwords.ts).
      sendVerificationEmail: async ({ user }, request) => {
        const from = requestSource(request?.headers)
        const pastCap = config.neutralAuthErrors ? 'silent' : 'refuse'
        if (!(await mayMail(caps, LIMITS.verificationMail, user, from, pastCap))) return
        await sendVerification(user, headersLanguage(request?.headers))
      },
    },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: 24 * 60 * 60,
      storeSessionInDatabase: true,
      // Freshness is Mofu's rule on `authenticatedAt` (recent-proof.ts), not the session's age.
      freshAge: 0,
      additionalFields: SESSION_FIELDS,
    },
    account: {
      // Google may link to an address whose password sign-up nobody verified; the hook below
      // then removes that password (pre-account takeover). Verified accounts link as before.
      accountLinking: { requireLocalEmailVerified: false },
    },
    // Reset codes and OAuth states are looked up by their hash, so a copy of the table holds none.
    verification: { storeIdentifier: 'hashed' },
    databaseHooks: databaseHooks(db, sessions),
    ...(deps.secondaryStorage === undefined ? {} : { secondaryStorage: deps.secondaryStorage }),
    rateLimit: {
      enabled: true,
      storage: deps.secondaryStorage === undefined ? 'database' : 'secondary-storage',
      ...AUTH_DEFAULT_RATE_LIMIT,
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
    // An error that is not one of Better Auth's answers (the database stopped mid-request, a
    // bug) goes on to the app's error handler instead of an empty 500: there a database away
    // is 503 with Retry-After, as on every other route, and anything else is logged once.
    onAPIError: { throw: true },
    hooks: requestHooks({
      publicUrl: config.publicUrl,
      neutralAuthErrors: config.neutralAuthErrors,
      db,
      event,
      deliver,
      notices,
    }),
    plugins: [
      recentProofPlugin(db),
      resets.plugin,
      signUpPasswordsPlugin({
        db,
        publicUrl: config.publicUrl,
        links,
        limiter: deps.limiter,
        event,
      }),
      ...twoFactorPlugins({
        db,
        limiter: deps.limiter,
        notices,
        event,
        backupCodeCost: hashing.backupCodeCost,
      }),
      ...passkeyPlugins({ db, publicUrl: config.publicUrl, notices, limiter: deps.limiter, event }),
      ...(config.google === undefined
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
          ]),
      // After the two-factor plugin, whose hook decides whether a log-in has a session yet.
      sessions.plugin,
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
