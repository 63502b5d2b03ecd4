import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'
import type { AccountNotices } from './account-notices'

/**
 * Browsers an account has signed in from (docs/using.md "Notices"). A browser is known by a random id
 * in its own long-lived cookie, stored hashed; a sign-in from a browser the account has not used
 * before mails its owner, except the account's very first one.
 */
const DEVICE_COOKIE = 'mofu_device'
/** Browsers cap cookie lifetimes at 400 days. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60
/** 128 random bits, base64url. */
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/

/** What a session-creating Better Auth endpoint offers: its request and a cookie to set. */
export interface SignInContext {
  headers?: Headers
  setCookie: (name: string, value: string, options: Record<string, unknown>) => unknown
}

function deviceIdOf(headers: Headers | undefined): string | null {
  for (const pair of (headers?.get('cookie') ?? '').split(';')) {
    const [name, value] = pair.trim().split('=')
    if (name === DEVICE_COOKIE && value !== undefined && DEVICE_ID.test(value)) return value
  }
  return null
}

const hashOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex')

export function knownDevices(db: Kysely<Tables>, notices: AccountNotices, secureCookies: boolean) {
  return {
    /** After a session starts for `user`: remember this browser, and tell the owner if new. */
    async signedIn(
      user: { id: string; email: string },
      userAgent: string | null | undefined,
      ctx: SignInContext,
    ): Promise<void> {
      let deviceId = deviceIdOf(ctx.headers)
      if (deviceId === null) {
        deviceId = randomBytes(16).toString('base64url')
        ctx.setCookie(DEVICE_COOKIE, deviceId, {
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies,
          path: '/',
          maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
        })
      }
      const added = await db
        .insertInto('known_devices')
        .values({
          user_id: user.id,
          device_hash: hashOf(deviceId),
          first_seen: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'device_hash']).doNothing())
        .executeTakeFirst()
      if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return
      const { devices } = await db
        .selectFrom('known_devices')
        .select((select) => select.fn.countAll<number>().as('devices'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
      if (Number(devices) > 1) notices.newSignIn(user, userAgent, ctx.headers)
    },
  }
}

export type KnownDevices = ReturnType<typeof knownDevices>
