import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import type { Kysely } from 'kysely'
import { PASSKEY_MESSAGES } from '../../shared/passkeys'
import type { Tables } from '../db/tables'
import { signInMethods } from './sign-in-methods'

/**
 * How recent a proof of who you are must be for the changes that need one (docs/security.md "Recent proof"):
 * one window for all of them, Clerk's "strict" reverification level.
 */
export const RECENT_PROOF_SECONDS = 10 * 60

/** A session ends this long after its owner last proved who they are, however often renewed. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

/**
 * The session column, declared to Better Auth so it is kept wherever sessions are (database,
 * Redis) and carried over when Better Auth replaces a session with a new one. No default: a
 * default would overwrite the value carried over.
 */
export const SESSION_FIELDS = {
  authenticatedAt: { type: 'date', required: false, input: false },
} as const

/**
 * The Better Auth endpoints whose new session follows a proof of a factor: a password, a
 * passkey with user verification, Google, a two-factor code at sign-in, and the verification
 * link with the password chosen at sign-up, which signs in a new account.
 */
function proves(path: string | undefined): boolean {
  if (path === undefined) return false
  return (
    path === '/sign-in/email' ||
    path === '/passkey/verify-authentication' ||
    path === '/two-factor/verify-totp' ||
    path === '/two-factor/verify-backup-code' ||
    path === '/sign-up/verify' ||
    path.startsWith('/callback/')
  )
}

/**
 * The session about to be written, with its `authenticatedAt`: carried over when Better Auth
 * replaces a session (turning two-factor on or off keeps the last proof), now after a proof,
 * and none otherwise. Its end never passes SESSION_MAX_AGE_SECONDS after that proof.
 */
export function withProof<T extends { expiresAt: Date | string }>(
  session: T,
  path: string | undefined,
): T & { authenticatedAt: Date | null } {
  const authenticatedAt = authenticatedAtOf(session) ?? (proves(path) ? new Date() : null)
  return {
    ...session,
    authenticatedAt,
    expiresAt: cappedEnd(session.expiresAt, { authenticatedAt }),
  }
}

/** When the session's owner last proved who they are; null for never. */
export function authenticatedAtOf(session: object): Date | null {
  const at: unknown = (session as { authenticatedAt?: unknown }).authenticatedAt
  return at instanceof Date || typeof at === 'string' ? new Date(at) : null
}

/** `expiresAt`, or the absolute end after the session's proof if that comes first. */
export function cappedEnd<T extends Date | string>(expiresAt: T, session: object): T | Date {
  const limit = new Date(
    (authenticatedAtOf(session)?.getTime() ?? 0) + SESSION_MAX_AGE_SECONDS * 1000,
  )
  return new Date(expiresAt) <= limit ? expiresAt : limit
}

/** Whether the session's owner proved who they are within RECENT_PROOF_SECONDS. */
export function provedRecently(session: object): boolean {
  const at = authenticatedAtOf(session)
  return at !== null && Date.now() - at.getTime() <= RECENT_PROOF_SECONDS * 1000
}

/** Changes that carry no password to prove the owner with: the session's proof must be recent. */
const ALWAYS = new Set([
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/delete-passkey',
])

/**
 * Refuses, with 403 `SESSION_NOT_FRESH`, a change that needs a recent proof from a session
 * without one. Turning two-factor on asks the password of an account that has one (the
 * plugin checks it); an account without proves itself by signing in again, with a passkey or
 * Google. Removing the password and deleting the account ask the password too.
 */
export function recentProofPlugin(db: Kysely<Tables>): BetterAuthPlugin {
  return {
    id: 'mofu-recent-proof',
    hooks: {
      before: [
        {
          matcher: (ctx) => ALWAYS.has(ctx.path ?? '') || ctx.path === '/two-factor/enable',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx)
            // Signed out: the endpoint refuses it.
            if (session === null || provedRecently(session.session)) return
            if (!ALWAYS.has(ctx.path) && (await signInMethods(db, session.user.id)).password) {
              return
            }
            throw new APIError('FORBIDDEN', {
              code: 'SESSION_NOT_FRESH',
              message: PASSKEY_MESSAGES.notFresh,
            })
          }),
        },
      ],
    },
  }
}
