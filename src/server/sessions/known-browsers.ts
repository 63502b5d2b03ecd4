import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { BROWSER_COOKIE, BROWSER_COOKIE_SECONDS, cookieIn } from '../../shared/cookies'
import type { Tables } from '../db/tables'
import type { AccountNotices } from '../mail/account-notices'

/**
 * Browsers an account has signed in from (docs/using.md "Notices"). A browser is known by a random id
 * in its own long-lived cookie, stored hashed; a sign-in from a browser the account has not used
 * before mails its owner, except the account's very first one. The cookie and the table keep
 * the names they were deployed with (`mofu_device`, `known_devices`).
 */
/** 128 random bits, base64url. */
const BROWSER_ID = /^[A-Za-z0-9_-]{22}$/

/** What a session-creating Better Auth endpoint offers: its request and a cookie to set. */
export interface SignInContext {
  headers?: Headers
  setCookie: (name: string, value: string, options: Record<string, unknown>) => unknown
}

function browserIdOf(headers: Headers | undefined): string | null {
  const value = cookieIn(headers?.get('cookie'), BROWSER_COOKIE)
  return value !== undefined && BROWSER_ID.test(value) ? value : null
}

const hashOf = (browserId: string) => createHash('sha256').update(browserId).digest('hex')

export function knownBrowsers(db: Kysely<Tables>, notices: AccountNotices, secureCookies: boolean) {
  return {
    /** After a session starts for `user`: remember this browser, and tell the owner if new. */
    async signedIn(
      user: { id: string; email: string },
      userAgent: string | null | undefined,
      ctx: SignInContext,
    ): Promise<void> {
      let browserId = browserIdOf(ctx.headers)
      if (browserId === null) {
        browserId = randomBytes(16).toString('base64url')
        ctx.setCookie(BROWSER_COOKIE, browserId, {
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies,
          path: '/',
          maxAge: BROWSER_COOKIE_SECONDS,
        })
      }
      const added = await db
        .insertInto('known_devices')
        .values({
          user_id: user.id,
          device_hash: hashOf(browserId),
          first_seen: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'device_hash']).doNothing())
        .executeTakeFirst()
      if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return
      const { browsers } = await db
        .selectFrom('known_devices')
        .select((select) => select.fn.countAll<number>().as('browsers'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
      if (Number(browsers) > 1) notices.newSignIn(user, userAgent, ctx.headers)
    },
  }
}

export type KnownBrowsers = ReturnType<typeof knownBrowsers>
