import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import type { Context, MiddlewareHandler } from 'hono'
import { cookieValues } from '../../shared/cookies'
import { apiError } from '../http/errors'
import { SERVER_MESSAGES } from '../http/messages'
import type { LiveSession, SessionStore } from './session-store'

/** Better Auth's cookie signature: HMAC-SHA256 of the token, base64 with padding (44 chars). */
const SIGNATURE_LENGTH = 44

/** How Better Auth signs its session cookie: with this secret, under this cookie name. */
export interface SessionSigning {
  secret: string
  cookieName: string
}

/** What of Better Auth's context tells how it signs: its secret and its cookies' names. */
interface SigningContext {
  secret: string
  authCookies: { sessionToken: { name: string } }
}

/** The secret and cookie name Better Auth signs its session cookie with, for Mofu's own check. */
export async function sessionSigning(auth: {
  $context: Promise<SigningContext>
}): Promise<SessionSigning> {
  const context = await auth.$context
  return { secret: context.secret, cookieName: context.authCookies.sessionToken.name }
}

export interface SessionCheck {
  /** The signed-in user's id, from the session cookie, or null. */
  userId(c: Context): Promise<string | null>
  /**
   * Answers 401 unless signed in; the handlers then read the user's id as `uid` and the session
   * this check verified as `session` (re-authentication reads that one, never another lookup).
   */
  required: ReturnType<typeof requireSession>
  /** Answers 401 to a request whose Cookie header two readers could read two ways. */
  oneReading: MiddlewareHandler
}

export const signInRequired = (c: Context) =>
  apiError(c, 401, 'UNAUTHENTICATED', SERVER_MESSAGES.signInRequired)

const requireSession = (sessionOf: (c: Context) => Promise<LiveSession | null>) =>
  createMiddleware<{ Variables: { uid: string; session: LiveSession } }>(async (c, next) => {
    const session = await sessionOf(c)
    if (session === null) return signInRequired(c)
    c.set('uid', session.userId)
    c.set('session', session)
    await next()
  })

/** A Cookie header that names the cookie more than once, or quotes its value. */
const AMBIGUOUS = Symbol('ambiguous')

/**
 * The value of cookie `name` in a Cookie header, read as Better Auth reads it (better-call's
 * parseCookies: pairs split at `;`, name and value trimmed, the first pair of a name wins, and
 * a value starting with `"` loses its first and last character). Where another reader could
 * take another value (Hono's getCookie takes the first well-formed pair, and unquotes only a
 * value that ends with `"` too), the answer is AMBIGUOUS instead: the name twice, or quoted.
 */
export function cookieValue(
  header: string | undefined,
  name: string,
): string | null | typeof AMBIGUOUS {
  if (header === undefined || !header.includes(name)) return null
  const values = cookieValues(header, name)
  if (values.length > 1 || values.some((value) => value.startsWith('"'))) return AMBIGUOUS
  const found = values[0] ?? null
  if (found === null || !found.includes('%')) return found
  try {
    return decodeURIComponent(found)
  } catch {
    return found
  }
}

/**
 * The session check of Mofu's own routes, without Better Auth's whole getSession round: the
 * cookie's signature is checked here as Better Auth signs it (`token.base64(HMAC-SHA256(secret,
 * token))`, URL-encoded), compared in constant time, and the token then looked up with one
 * indexed query joining its user. The database row is the truth every instance shares, so a
 * sign-out, reset or deletion anywhere ends the session here on the next request. Renewal stays
 * Better Auth's: the client asks /api/auth/get-session on every load and before expiry.
 * The cookie is read once, as Better Auth reads it, and a header it could be read from two
 * ways is refused everywhere under /api (docs/using.md "Sessions").
 */
export function sessionCheck(
  signingOfAuth: () => Promise<SessionSigning>,
  sessions: SessionStore,
): SessionCheck {
  let signing: { key: KeyObject; cookieName: string } | undefined
  const signingOf = async () => {
    if (signing === undefined) {
      const { secret, cookieName } = await signingOfAuth()
      signing = { key: createSecretKey(Buffer.from(secret, 'utf8')), cookieName }
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

  const sessionOf = async (c: Context): Promise<LiveSession | null> => {
    const { key, cookieName } = signing ?? (await signingOf())
    const signed = cookieValue(c.req.header('Cookie'), cookieName)
    if (signed === null || signed === AMBIGUOUS) return null
    const token = tokenOf(signed, key)
    if (token === null) return null
    return sessions.liveSession(token, Date.now())
  }

  const oneReading: MiddlewareHandler = async (c, next) => {
    const { cookieName } = signing ?? (await signingOf())
    if (cookieValue(c.req.header('Cookie'), cookieName) === AMBIGUOUS) return signInRequired(c)
    await next()
  }

  return {
    userId: async (c) => (await sessionOf(c))?.userId ?? null,
    required: requireSession(sessionOf),
    oneReading,
  }
}
