import { getSessionCookie } from 'better-auth/cookies'
import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { Auth } from '../auth/auth'
import { apiError } from './errors'

/** The signed-in user's id, from the session cookie, or null. */
export async function sessionUserId(auth: Auth, c: Context): Promise<string | null> {
  // Without a session cookie there is nothing to look up: skip Better Auth's whole round.
  if (getSessionCookie(c.req.raw.headers) === null) return null
  const session = await auth.api.getSession({ headers: c.req.raw.headers })
  return session?.user.id ?? null
}

export const signInRequired = (c: Context) =>
  apiError(c, 401, 'UNAUTHENTICATED', 'Please log in first.')

/** Answers 401 unless signed in; the handlers then read the user's id as `uid`. */
export const requireSession = (auth: Auth) =>
  createMiddleware<{ Variables: { uid: string } }>(async (c, next) => {
    const uid = await sessionUserId(auth, c)
    if (uid === null) return signInRequired(c)
    c.set('uid', uid)
    await next()
  })
