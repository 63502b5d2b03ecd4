import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { zValidator } from '@hono/zod-validator'
import { AUTH_MESSAGES } from '../shared/auth-messages'
import { ResetCodeCheckSchema, type ResetCodeAnswer } from '../shared/password-reset'
import { CLIENT_IP_HEADER, type Auth } from './auth'
import { apiError, bodyTooLarge, invalidInput, requireJson } from './http/errors'

/** The most bytes an auth request may carry; Better Auth's largest form is a fraction of it. */
const AUTH_BODY_MAX_BYTES = 16 * 1024

/**
 * The client's address for rate limits: the socket's peer, or with TRUST_PROXY the first
 * X-Forwarded-For entry. Whatever the client sent as our own header is replaced.
 */
function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/**
 * Whether an auth request carries U+0000 in its URL or body. PostgreSQL text cannot hold it, so
 * Better Auth would fail on it with a 500; no e-mail, password, name or token has a use for it.
 */
async function carriesNul(request: Request): Promise<boolean> {
  const url = new URL(request.url)
  if ((url.pathname + url.search).includes('%00')) return true
  if (request.body === null) return false
  const text = await request.clone().text()
  if (text.includes('\u0000')) return true
  if (/application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? '')) {
    return text.includes('%00')
  }
  // JSON's escape for it: \u0000 after an even run of backslashes (an odd run escapes it).
  return /(?<!\\)(?:\\\\)*\\u0000/.test(text)
}

export function authRoutes(auth: Auth, trustProxy: boolean) {
  return (
    new Hono()
      .post(
        '/password-reset/verify',
        requireJson,
        bodyLimit({ maxSize: 4 * 1024, onError: bodyTooLarge }),
        zValidator('json', ResetCodeCheckSchema, invalidInput),
        async (c) => {
          // The panel shows the reset form only for a code that is still valid (SPEC 4). A
          // spent or unknown code is an answer, not a failure: 200 with valid false.
          const { code } = c.req.valid('json')
          const invalid: ResetCodeAnswer = { valid: false, message: AUTH_MESSAGES.invalidResetLink }
          // Control characters are in no code (and U+0000 cannot even be looked up in PostgreSQL).
          if (/\p{Cc}/u.test(code)) return c.json(invalid)
          const context = await auth.$context
          const found = await context.internalAdapter.findVerificationValue(
            `reset-password:${code}`,
          )
          if (found === null || new Date(found.expiresAt).getTime() <= Date.now()) {
            return c.json(invalid)
          }
          return c.json({ valid: true } satisfies ResetCodeAnswer)
        },
      )
      // Everything else under /api/auth is Better Auth's, which reads any body in full.
      .on(
        ['GET', 'POST'],
        '/auth/*',
        bodyLimit({
          maxSize: AUTH_BODY_MAX_BYTES,
          onError: bodyTooLarge,
        }),
        async (c) => {
          if (await carriesNul(c.req.raw)) {
            return apiError(c, 400, 'VALIDATION_ERROR', 'Please remove control characters')
          }
          const headers = new Headers(c.req.raw.headers)
          headers.set(CLIENT_IP_HEADER, clientIp(c, trustProxy))
          return auth.handler(new Request(c.req.raw, { headers }))
        },
      )
  )
}
