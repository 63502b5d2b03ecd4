import { Hono, type Context } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import type { Language } from '../../shared/language'
import { SHARED_MESSAGES_JA } from '../../shared/messages-ja'
import { CODE_LOCK_SECONDS, TWO_FACTOR_ERRORS, TWO_FACTOR_MESSAGES } from '../../shared/two-factor'
import type { Auth } from './auth'
import { apiError, limitBody } from '../http/errors'
import { answerLanguage } from '../http/language'
import { japaneseOf, SERVER_MESSAGES } from '../http/messages'
import { LIMITS, logThrottled, tooManyRequests, type Limiter } from '../http/limiter'
import type { Logger } from '../logger'
import { watchingDatabase } from '../db/unavailable'
import { readAuthBody } from './request-body'
import { CLIENT_IP_HEADER, REQUEST_ID_HEADER } from '../security-events'

/** The most bytes an auth request may carry; Better Auth's largest form is a fraction of it. */
const AUTH_BODY_MAX_BYTES = 16 * 1024

/**
 * Whether an auth request's URL carries U+0000 (its body is checked as it is read). PostgreSQL
 * text cannot hold it, so Better Auth would fail on it with a 500; no token or link has a use
 * for it.
 */
const urlCarriesNul = (request: Request) => {
  const url = new URL(request.url)
  return (url.pathname + url.search).includes('%00')
}

/**
 * The lower-cased e-mail address a password sign-in names, from its body as read once
 * (request-body.ts): null for any other request, and 'unreadable' for a sign-in without one, so
 * every guess Better Auth checks is one counted here.
 */
function signInEmail(request: Request, body: unknown): string | null | 'unreadable' {
  if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/sign-in/email')) {
    return null
  }
  const email: unknown =
    typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined
  return typeof email === 'string' ? email.trim().toLowerCase() : 'unreadable'
}

/**
 * Better Auth's own refusals that people meet at sign-up and log-in, by code, in the Japanese of
 * the sentences the client shows for them.
 */
const BETTER_AUTH_JA = new Map<string, string>([
  ['INVALID_EMAIL_OR_PASSWORD', SHARED_MESSAGES_JA.auth.neutral],
  ['EMAIL_NOT_VERIFIED', SHARED_MESSAGES_JA.auth.unverified],
  ['PASSWORD_TOO_SHORT', SHARED_MESSAGES_JA.auth.weakPassword],
  ['INVALID_EMAIL', SHARED_MESSAGES_JA.auth.invalidEmail],
])

/**
 * A Better Auth error answer in the request's language: the messages Mofu words (its hooks' and
 * plugins' refusals, the shared catalogues) and the common refusals above in Japanese, the code
 * and everything else as sent. Other messages of Better Auth's stay as it words them.
 */
async function inAnswerLanguage(response: Response, language: Language): Promise<Response> {
  if (language === 'en') return response
  const error = await errorBodyOf(response)
  if (error === null) return response
  const { body, code } = error
  if (!('message' in body)) return response
  const japanese =
    (typeof body.message === 'string' ? japaneseOf(body.message) : undefined) ??
    BETTER_AUTH_JA.get(code)
  if (japanese === undefined) return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify({ ...body, message: japanese }), {
    status: response.status,
    headers,
  })
}

/** The JSON body of a Better Auth error answer and its `code` ('' if none), or null. */
async function errorBodyOf(response: Response): Promise<{ body: object; code: string } | null> {
  if (response.status < 400) return null
  if (!/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) return null
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null)
  if (typeof body !== 'object' || body === null) return null
  return { body, code: 'code' in body && typeof body.code === 'string' ? body.code : '' }
}

export interface AuthGatewayDeps {
  auth: Auth
  clientAddress: (c: Context) => string
  limiter: Limiter
  logger: Logger
}

/** The two-factor plugin's code for an account whose codes are locked (CODE_LOCK_SECONDS). */
const CODES_LOCKED_BY_PLUGIN = 'ACCOUNT_TEMPORARILY_LOCKED'

/**
 * The gateway to Better Auth, at /api/auth: every request is handed to its handler, which reads
 * any body in full, so bounded and checked first; its answers come back in Mofu's shape and in
 * the request's language.
 */
export function authGateway({ auth, clientAddress, limiter, logger }: AuthGatewayDeps) {
  return new Hono<{ Variables: RequestIdVariables }>().on(
    ['GET', 'POST'],
    '/*',
    limitBody(AUTH_BODY_MAX_BYTES),
    async (c) => {
      if (urlCarriesNul(c.req.raw)) {
        return apiError(c, 400, 'VALIDATION_ERROR', SERVER_MESSAGES.controlCharacters)
      }
      const read = await readAuthBody(c.req.raw)
      if ('refused' in read) return apiError(c, 400, 'VALIDATION_ERROR', read.refused)
      const ip = clientAddress(c)
      const reqId = c.get('requestId')
      // Per account on top of Better Auth's per-address limits: guesses spread over many
      // addresses still meet this one. Each guess is counted before its password is checked,
      // in one step of the store, so guesses sent at once cannot all pass the check before any
      // is counted; a guess that was not wrong is given back.
      const email = signInEmail(c.req.raw, read.body)
      if (email === 'unreadable') {
        return apiError(c, 400, 'VALIDATION_ERROR', SERVER_MESSAGES.signInAsForm)
      }
      if (email !== null) {
        const counted = await limiter.hit(LIMITS.signInFailures, email)
        if (!counted.allowed) {
          logThrottled(logger, { userId: null, ip, reqId })
          return tooManyRequests(c, counted.retryAfterSeconds)
        }
      }
      const headers = new Headers(read.request.headers)
      headers.set(CLIENT_IP_HEADER, ip)
      headers.set(REQUEST_ID_HEADER, reqId)
      const [response, databaseAway] = await watchingDatabase(() =>
        auth.handler(new Request(read.request, { headers })),
      )
      if (email !== null && response.status !== 401) {
        await limiter.giveBack(LIMITS.signInFailures, email)
      }
      // A failure Better Auth made of the database being away is answered as that: 503.
      if (databaseAway !== undefined && response.status >= 400) throw databaseAway
      // A form sent to a route that reads only JSON: refused as any body Mofu cannot read.
      if (response.status === 415) {
        return apiError(c, 400, 'VALIDATION_ERROR', SERVER_MESSAGES.notJson)
      }
      if (response.status !== 429) return inAnswerLanguage(response, answerLanguage(c))
      logThrottled(logger, { userId: null, ip, reqId })
      if ((await errorBodyOf(response))?.code === CODES_LOCKED_BY_PLUGIN) {
        // The lock's end is the plugin's to know; its whole length is the longest wait.
        return tooManyRequests(c, CODE_LOCK_SECONDS, {
          code: TWO_FACTOR_ERRORS.codesLocked,
          message: TWO_FACTOR_MESSAGES.codesLocked,
        })
      }
      // Better Auth's own limiter answers with its body and X-Retry-After: one shape for all.
      const retryAfter = Number(
        response.headers.get('Retry-After') ?? response.headers.get('X-Retry-After'),
      )
      return tooManyRequests(c, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60)
    },
  )
}
