import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { Auth } from '../auth/auth'
import type { SessionStore } from '../auth/session-store'
import { apiError } from './errors'
import { SERVER_MESSAGES } from './messages'

/** Better Auth's cookie signature: HMAC-SHA256 of the token, base64 with padding (44 chars). */
const SIGNATURE_LENGTH = 44

export interface SessionCheck {
  /** The signed-in user's id, from the session cookie, or null. */
  userId(c: Context): Promise<string | null>
  /** Answers 401 unless signed in; the handlers then read the user's id as `uid`. */
  required: ReturnType<typeof requireUid>
}

export const signInRequired = (c: Context) =>
  apiError(c, 401, 'UNAUTHENTICATED', SERVER_MESSAGES.signInRequired)

const requireUid = (userId: (c: Context) => Promise<string | null>) =>
  createMiddleware<{ Variables: { uid: string } }>(async (c, next) => {
    const uid = await userId(c)
    if (uid === null) return signInRequired(c)
    c.set('uid', uid)
    await next()
  })

/**
 * The session check of Mofu's own routes, without Better Auth's whole getSession round: the
 * cookie's signature is checked here as Better Auth signs it (`token.base64(HMAC-SHA256(secret,
 * token))`, URL-encoded), compared in constant time, and the token then looked up with one
 * indexed query joining its user. The database row is the truth every instance shares, so a
 * sign-out, reset or deletion anywhere ends the session here on the next request. Renewal stays
 * Better Auth's: the client asks /api/auth/get-session on every load and before expiry.
 */
export function sessionCheck(auth: Auth, sessions: SessionStore): SessionCheck {
  let signing: { key: KeyObject; cookieName: string } | undefined
  const signingOf = async () => {
    if (signing === undefined) {
      const context = await auth.$context
      signing = {
        key: createSecretKey(Buffer.from(context.secret, 'utf8')),
        cookieName: context.authCookies.sessionToken.name,
      }
    }
    return signing
  }

  const tokenOf = (signed: string, key: KeyObject): string | null => {
    const dot = signed.lastIndexOf('.')
    if (dot < 1) return null
    const token = signed.slice(0, dot)
    const sent = Buffer.from(signed.slice(dot + 1), 'utf8')
    if (sent.length !== SIGNATURE_LENGTH) return null
    const expected = Buffer.from(createHmac('sha256', key).update(token).digest('base64'), 'utf8')
    return timingSafeEqual(sent, expected) ? token : null
  }

  const userId = async (c: Context): Promise<string | null> => {
    const { key, cookieName } = signing ?? (await signingOf())
    const signed = getCookie(c, cookieName)
    if (signed === undefined) return null
    const token = tokenOf(signed, key)
    if (token === null) return null
    return sessions.liveSessionUser(token, Date.now())
  }

  return { userId, required: requireUid(userId) }
}
