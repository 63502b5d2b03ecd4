import { createHmac } from 'node:crypto'
import { createEmailVerificationToken } from 'better-auth/api'
import { verifyJWT } from 'better-auth/crypto'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'
import { isDisabled } from './user-store'

/**
 * Verification links bound to the password they activate (pre-account takeover). Each link's
 * token carries a keyed digest of the account's password hash; a later sign-up for the same
 * unverified address stores a new hash, which voids every earlier link, so only the latest
 * sign-up's link verifies, and only the password chosen in it.
 */
export function verificationLinks(db: Kysely<Tables>, secret: string, validSeconds: number) {
  async function credentialStamp(userId: string): Promise<string> {
    const credential = await db
      .selectFrom('account')
      .select('password')
      .where('userId', '=', userId)
      .where('providerId', '=', 'credential')
      .executeTakeFirst()
    return createHmac('sha256', secret)
      .update(`verification-link:${credential?.password ?? ''}`)
      .digest('base64url')
  }

  return {
    /** Better Auth's verification URL, its token replaced by one bound to the current password. */
    async bind(user: { id: string; email: string }, url: string): Promise<string> {
      const link = new URL(url)
      const token = await createEmailVerificationToken(
        secret,
        user.email,
        undefined,
        validSeconds,
        {
          userId: user.id,
          credential: await credentialStamp(user.id),
        },
      )
      link.searchParams.set('token', token)
      return link.toString()
    },

    /**
     * Whether a /verify-email token is genuine but made for a password the account no longer
     * has. Invalid, expired and address-change tokens are not stale: Better Auth refuses or
     * handles them itself.
     */
    async isStale(token: unknown): Promise<boolean> {
      const payload = typeof token === 'string' ? await verifyJWT(token, secret) : null
      if (payload === null || payload.updateTo !== undefined) return false
      const userId = payload.userId
      return typeof userId !== 'string' || payload.credential !== (await credentialStamp(userId))
    },

    /** Whether a genuine token is for an account an operator disabled: it signs nobody in. */
    async isForDisabledAccount(token: unknown): Promise<boolean> {
      const payload = typeof token === 'string' ? await verifyJWT(token, secret) : null
      return typeof payload?.userId === 'string' && (await isDisabled(db, payload.userId))
    },
  }
}
