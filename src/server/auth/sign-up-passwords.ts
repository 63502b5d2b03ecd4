import { randomUUID } from 'node:crypto'
import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthEndpoint, createAuthMiddleware } from 'better-auth/api'
import { setSessionCookie } from 'better-auth/cookies'
import { BASE_ERROR_CODES } from '@better-auth/core/error'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '../../shared/auth-messages'
import type { Tables } from '../db/tables'
import type { Limiter } from '../http/limiter'
import { requestSource, type SecurityEvents } from '../security-events'
import { isDisabled } from '../stores/disabled-accounts'
import { checkCountedPassword } from './password-guesses'
import { pageOf, type verificationLinks } from './verification-links'

/**
 * The most later sign-ups an unverified account keeps, newest first: each costs a hash check at
 * log-in and at the link, and an owner who signs up after more than this many others simply
 * signs up again.
 */
const KEPT_PER_ACCOUNT = 5

/**
 * Keeps the password of a sign-up for an address an account already holds unverified, apart
 * from the account's own: nobody's sign-up replaces the password of another.
 */
export async function keepSignUpPassword(db: Kysely<Tables>, userId: string, hash: string) {
  await db
    .insertInto('sign_up_passwords')
    .values({
      id: randomUUID(),
      user_id: userId,
      password_hash: hash,
      created_at: new Date().toISOString(),
    })
    .execute()
  const kept = await db
    .selectFrom('sign_up_passwords')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(KEPT_PER_ACCOUNT)
    .execute()
  await db
    .deleteFrom('sign_up_passwords')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      kept.map((row) => row.id),
    )
    .execute()
}

/** Once the address is proved (its link, Google, an operator), the other sign-ups are void. */
export async function forgetSignUpPasswords(db: Kysely<Tables>, userId: string) {
  await db.deleteFrom('sign_up_passwords').where('user_id', '=', userId).execute()
}

async function laterSignUpHashes(db: Kysely<Tables>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sign_up_passwords')
    .select('password_hash')
    .where('user_id', '=', userId)
    .execute()
  return rows.map((row) => row.password_hash)
}

export interface SignUpPasswordsDeps {
  db: Kysely<Tables>
  publicUrl: string
  links: ReturnType<typeof verificationLinks>
  limiter: Limiter
  event: SecurityEvents
}

const VerifyRequestSchema = z.object({
  token: z.string().max(4096),
  password: z.string().max(128),
})

const LinkCheckSchema = z.object({ token: z.string().max(4096) })

const invalidLink = () =>
  new APIError('UNAUTHORIZED', { code: 'INVALID_TOKEN', message: AUTH_MESSAGES.verifyLinkInvalid })

/**
 * Verification that activates only a password its clicker knows (docs/security.md "Signing up").
 * The link opens a page that asks for the password chosen at sign-up; `POST /sign-up/verify`
 * takes the link's token and that password. The password must be one of the sign-ups for the
 * address (the account's own, set by the first sign-up or a reset, or a later one kept apart):
 * that one becomes the account's, every other is dropped, every session ends, the address is
 * verified and the browser signed in. A link alone, opened by a person or a mail scanner,
 * verifies nothing, so the mailbox's owner never ends up holding a password someone else chose.
 */
export function signUpPasswordsPlugin(deps: SignUpPasswordsDeps): BetterAuthPlugin {
  const { db, links, limiter } = deps

  /**
   * The account a link still verifies: null for a forged or expired token, and for an account
   * that is verified already (the link was used) or gone (deleted, or purged unverified).
   */
  const unverifiedAccountOf = async <User extends { email: string; emailVerified: boolean }>(
    token: string,
    findUserById: (id: string) => Promise<User | null>,
  ): Promise<User | null> => {
    const link = await links.read(token)
    const user = link === null ? null : await findUserById(link.userId)
    return link !== null &&
      user !== null &&
      !user.emailVerified &&
      user.email.toLowerCase() === link.email.toLowerCase()
      ? user
      : null
  }

  // The link's page asks this before it asks for a password, so a link that can no longer
  // verify says so at once; the token proves the mailbox, so the answer tells nobody else anything.
  const checkLink = createAuthEndpoint(
    '/sign-up/check-link',
    { method: 'POST', body: LinkCheckSchema },
    async (ctx) => {
      const user = await unverifiedAccountOf(ctx.body.token, (id) =>
        ctx.context.internalAdapter.findUserById(id),
      )
      return ctx.json({ valid: user !== null })
    },
  )

  const verifyWithPassword = createAuthEndpoint(
    '/sign-up/verify',
    { method: 'POST', body: VerifyRequestSchema },
    async (ctx) => {
      const user = await unverifiedAccountOf(ctx.body.token, (id) =>
        ctx.context.internalAdapter.findUserById(id),
      )
      if (user === null) throw invalidLink()
      if (await isDisabled(db, user.id)) {
        throw new APIError('FORBIDDEN', {
          code: AUTH_ERROR_CODES.accountDisabled,
          message: AUTH_MESSAGES.accountDisabled,
        })
      }
      const credential = await ctx.context.internalAdapter.findCredentialAccount(user.id)
      const candidates = [credential?.password, ...(await laterSignUpHashes(db, user.id))]
      let chosen: string | undefined
      const checked = await checkCountedPassword(limiter, user.email, async () => {
        for (const hash of candidates) {
          if (typeof hash !== 'string') continue
          if (await ctx.context.password.verify({ hash, password: ctx.body.password })) {
            chosen = hash
            return true
          }
        }
        return false
      })
      if (checked.verdict === 'locked') {
        ctx.setHeader('Retry-After', String(checked.retryAfterSeconds))
        throw new APIError('TOO_MANY_REQUESTS', { message: AUTH_MESSAGES.tooManyRequests })
      }
      if (chosen === undefined) {
        throw new APIError('UNAUTHORIZED', {
          code: AUTH_ERROR_CODES.notSignUpPassword,
          message: AUTH_MESSAGES.notSignUpPassword,
        })
      }
      if (credential === null) {
        await ctx.context.internalAdapter.linkAccount({
          userId: user.id,
          providerId: 'credential',
          accountId: user.id,
          password: chosen,
        })
      } else if (credential.password !== chosen) {
        await ctx.context.internalAdapter.updatePassword(user.id, chosen)
      }
      await forgetSignUpPasswords(db, user.id)
      await ctx.context.internalAdapter.deleteUserSessions(user.id)
      await ctx.context.internalAdapter.updateUser(user.id, { emailVerified: true })
      await deps.event('email.verified', { ...requestSource(ctx.headers), userId: user.id })
      const session = await ctx.context.internalAdapter.createSession(user.id)
      await setSessionCookie(ctx, { session, user: { ...user, emailVerified: true } })
      return ctx.json({ status: true })
    },
  )

  return {
    id: 'mofu-sign-up-passwords',
    endpoints: { checkLink, verifyWithPassword },
    hooks: {
      before: [
        {
          // Better Auth's own link verifies by being opened: it sends the browser to the page.
          matcher: (ctx) => ctx.path === '/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            const token: unknown = ctx.query?.token
            if (typeof token === 'string') throw ctx.redirect(pageOf(deps.publicUrl, token))
          }),
        },
        {
          // Each sign-up's password hears "verify first" before the link is used, as after any
          // sign-up: which sign-up came first is nobody's to learn.
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email: unknown = ctx.body?.email
            const password: unknown = ctx.body?.password
            if (typeof email !== 'string' || typeof password !== 'string') return
            const found = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase())
            if (found === null || found.user.emailVerified) return
            for (const hash of await laterSignUpHashes(db, found.user.id)) {
              if (await ctx.context.password.verify({ hash, password })) {
                throw APIError.from('FORBIDDEN', BASE_ERROR_CODES.EMAIL_NOT_VERIFIED)
              }
            }
          }),
        },
      ],
    },
  }
}
