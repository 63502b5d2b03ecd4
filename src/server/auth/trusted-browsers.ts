import { createHash } from 'node:crypto'
import type { BetterAuthPlugin } from 'better-auth'
import { createAuthMiddleware } from 'better-auth/api'
import type { Kysely } from 'kysely'
import { TRUST_DEVICE_COOKIE } from '../../shared/cookies'
import type { Tables } from '../db/tables'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** Where the plugin sets or renews the trust cookie: a log-in, and a code given at log-in. */
const TRUSTING_PATHS = new Set([
  '/sign-in/email',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
])

const hashOf = (trustId: string) => createHash('sha256').update(trustId).digest('hex')

/** The trust id of a trust cookie's value (the plugin writes `<hmac>!<trust id>`), or null. */
function trustIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const trustId = value.split('!')[1]
  return trustId === undefined || trustId === '' ? null : trustId
}

/** The trust id the request's trust cookie carries, if its signature holds. */
async function trustIdSent(ctx: HookContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE)
  return trustIdOf(await ctx.getSignedCookie(cookie.name, ctx.context.secret))
}

/** The trust id of the trust cookie this answer sets (signed as `value.signature`), if any. */
function trustIdSet(ctx: HookContext): string | null {
  const name = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE).name
  const setCookies = ctx.context.responseHeaders?.getSetCookie() ?? []
  const set = setCookies.findLast((cookie) => cookie.startsWith(`${name}=`))
  if (set === undefined) return null
  const signed = decodeURIComponent(set.slice(name.length + 1).split(';')[0] ?? '')
  return trustIdOf(signed.slice(0, signed.lastIndexOf('.')))
}

/** Forgets every browser the account trusts: the next log-in on each asks for a code. */
export async function forgetTrustedBrowsers(db: Kysely<Tables>, userId: string): Promise<void> {
  await db.deleteFrom('trusted_browsers').where('user_id', '=', userId).execute()
}

/** Forgets the browser whose latest log-in started this session, if it was trusted. */
export async function forgetBrowserOfSession(db: Kysely<Tables>, sessionId: string) {
  await db.deleteFrom('trusted_browsers').where('session_id', '=', sessionId).execute()
}

/**
 * "Trust this device" (docs/using.md "Two-factor authentication"): the plugin keeps each trusted
 * browser's record where it keeps verification values (the database, or Redis), by a hashed
 * id Mofu cannot list per account. So Mofu keeps its own list, by account and by the session
 * the browser last signed in, and a trust cookie counts only while its id is on it: a log-in
 * whose trust id is not listed has its plugin record deleted first, and is asked for a code.
 */
export function trustedBrowsersPlugin(db: Kysely<Tables>): BetterAuthPlugin {
  return {
    id: 'mofu-trusted-browsers',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const trustId = await trustIdSent(ctx)
            if (trustId === null) return
            const listed = await db
              .selectFrom('trusted_browsers')
              .select('trust_hash')
              .where('trust_hash', '=', hashOf(trustId))
              .executeTakeFirst()
            if (listed === undefined) {
              await ctx.context.internalAdapter.deleteVerificationByIdentifier(trustId)
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => TRUSTING_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const trustId = trustIdSet(ctx)
            const session = ctx.context.newSession
            if (trustId === null || session === null) return
            // At a trusted log-in the plugin renews the cookie under a new id.
            const previous = await trustIdSent(ctx)
            if (previous !== null) {
              await db
                .deleteFrom('trusted_browsers')
                .where('trust_hash', '=', hashOf(previous))
                .execute()
            }
            await db
              .insertInto('trusted_browsers')
              .values({
                trust_hash: hashOf(trustId),
                user_id: session.user.id,
                session_id: session.session.id,
              })
              .execute()
          }),
        },
      ],
    },
  }
}
