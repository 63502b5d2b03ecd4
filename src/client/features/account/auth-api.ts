// zod/mini, not zod: the signed-out account panel loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { ResetAnswerSchema, type Keep } from '@shared/account-recovery'
import { TwoFactorRedirectSchema } from '@shared/two-factor'
import { answerOf, requestJson, send } from '@client/lib/http'
import { SESSION_PATH } from './session-check'

/**
 * Better Auth's endpoints under /api/auth, called through the app's one HTTP layer (timeout,
 * `{ code, message }` failures as ApiError, answers parsed) rather than Better Auth's own client,
 * which would add its weight to every page for these few calls.
 */
const AUTH = '/api/auth'
const post = (path: string, json: object) => send(`${AUTH}${path}`, { method: 'POST', json })

const SessionSchema = z.nullable(
  z.object({
    user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() }),
    session: z.object({ expiresAt: z.string() }),
  }),
)

const AccountListSchema = z.array(z.object({ providerId: z.string() }))

const RedirectSchema = z.object({ url: z.string() })

export type Session = z.infer<typeof SessionSchema>

/** The signed-in user and when the session expires, or null, from the session check's answer. */
export const sessionOf = (status: number, body: unknown) =>
  answerOf(SESSION_PATH, status, body, SessionSchema)

/** The mailed link opens the app's page that asks for this password (verify-email-view.tsx). */
export const signUpWithEmail = (body: { email: string; password: string; name: string }) =>
  post('/sign-up/email', body)

/** Signs in; true when the account asks for a two-factor code next (no session yet). */
export const signInWithEmail = async (body: { email: string; password: string }) =>
  TwoFactorRedirectSchema.safeParse(
    await requestJson(`${AUTH}/sign-in/email`, z.unknown(), { method: 'POST', json: body }),
  ).success

export const signOut = () => post('/sign-out', {})

export const requestPasswordReset = (email: string) => post('/request-password-reset', { email })

/** Sets the new password; the answer says what a recovery link took back (nothing otherwise). */
export const resetPassword = async (body: { newPassword: string; token: string; keep?: Keep }) =>
  (
    await requestJson(`${AUTH}/reset-password`, ResetAnswerSchema, {
      method: 'POST',
      json: body,
    })
  ).recovered ?? null

const LinkCheckSchema = z.object({ valid: z.boolean() })

/** Whether a verification link still verifies an account (not used, not expired, not gone). */
export const checkVerificationLink = async (token: string) =>
  (
    await requestJson(`${AUTH}/sign-up/check-link`, LinkCheckSchema, {
      method: 'POST',
      json: { token },
    })
  ).valid

/** The link's token and the password chosen at sign-up: verifies the address and signs in. */
export const verifyWithPassword = (body: { token: string; password: string }) =>
  post('/sign-up/verify', body)

export const sendVerificationEmail = (body: { email: string }) =>
  post('/send-verification-email', body)

/** How the account signs in: 'credential' for a password, 'google'… */
export const listAccounts = () => requestJson(`${AUTH}/list-accounts`, AccountListSchema)

/** Where to send the browser to sign in with a provider; it comes back to `callbackURL`. */
export const socialSignInUrl = (body: {
  provider: 'google'
  callbackURL: string
  errorCallbackURL: string
}) =>
  requestJson(`${AUTH}/sign-in/social`, RedirectSchema, {
    method: 'POST',
    json: { ...body, disableRedirect: true },
  })
