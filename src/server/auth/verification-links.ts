import { createEmailVerificationToken } from 'better-auth/api'
import { verifyJWT } from 'better-auth/crypto'
import { VERIFY_EMAIL_PATH } from '../../shared/routes'

/** What a genuine, unexpired link names: the account it was mailed for. */
export interface VerificationLink {
  userId: string
  email: string
}

/**
 * Verification links: they open the app's page that asks for the password chosen at sign-up
 * (sign-up-passwords.ts), never verify by being opened. The token names the account and its
 * address and expires; it proves the mailbox, and the password proves which sign-up.
 */
export function verificationLinks(publicUrl: string, secret: string, validSeconds: number) {
  return {
    /** The page's URL with a token for this account. */
    async make(user: { id: string; email: string }): Promise<string> {
      const token = await createEmailVerificationToken(
        secret,
        user.email,
        undefined,
        validSeconds,
        { userId: user.id },
      )
      return pageOf(publicUrl, token)
    },

    /** The account a token names, or null for one that is forged, expired or for a change. */
    async read(token: unknown): Promise<VerificationLink | null> {
      const payload = typeof token === 'string' ? await verifyJWT(token, secret) : null
      if (payload === null || payload.updateTo !== undefined) return null
      const { userId, email } = payload
      return typeof userId === 'string' && typeof email === 'string' ? { userId, email } : null
    },
  }
}

/** The page a link with `token` opens. */
export function pageOf(publicUrl: string, token: string): string {
  const page = new URL(VERIFY_EMAIL_PATH, publicUrl)
  page.searchParams.set('token', token)
  return page.toString()
}
