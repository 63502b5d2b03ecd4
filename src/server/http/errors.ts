import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorBody, ApiErrorCode } from '../../shared/api-error'
import type { Language } from '../../shared/language'
import { answerLanguage } from './language'
import { inLanguage, japaneseFallback, SERVER_MESSAGES, SERVER_MESSAGES_JA } from './messages'

interface Issue {
  path: readonly PropertyKey[]
  message: string
}
type ValidationResult = { success: true } | { success: false; error: { issues: readonly Issue[] } }

/**
 * The one error body of Mofu's routes (src/shared/api-error.ts), its messages in the request's
 * language (docs/architecture.md "Languages"); `message` is given in English, the code never changes.
 */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
  issues?: ApiErrorBody['issues'],
) {
  const said = saidIn(answerLanguage(c), status, { message, issues })
  const body: ApiErrorBody =
    said.issues === undefined
      ? { code, message: said.message }
      : { code, message: said.message, issues: said.issues }
  return c.json(body, status)
}

/** An answer's sentences in its language: English as given; in Japanese, none left in English. */
function saidIn(
  language: Language,
  status: number,
  said: Pick<ApiErrorBody, 'message' | 'issues'>,
) {
  if (language === 'en') return said
  return {
    message: inLanguage(language, said.message, japaneseFallback(status)),
    issues: said.issues?.map(({ field, message }) => ({
      field,
      message: inLanguage(language, message, SERVER_MESSAGES_JA.invalidInput),
    })),
  }
}

/** zValidator hook: a 400 naming each wrong field, in place of the validator's raw output. */
export function invalidInput(result: ValidationResult, c: Context) {
  if (result.success) return
  const issues = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }))
  return apiError(c, 400, 'INVALID_INPUT', SERVER_MESSAGES.invalidInput, issues)
}

/** A JSON body sent under another content type would be read as empty: refuse it instead. */
export const requireJson = createMiddleware(async (c, next) => {
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
    return apiError(c, 415, 'UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.notJson)
  }
  await next()
})

/** How long a client waits after a 503 of work that is busy now (images decoded, lists read). */
const BUSY_RETRY_AFTER_S = 5

/**
 * The one 503 of work that is busy now, each queue of it being full: Retry-After, and the body
 * of the images' slots unless the work has its own (a list being read).
 */
export function busy(
  c: Context,
  body: { code: ApiErrorCode; message: string } = { code: 'BUSY', message: SERVER_MESSAGES.busy },
) {
  c.header('Retry-After', String(BUSY_RETRY_AFTER_S))
  return apiError(c, 503, body.code, body.message)
}

const bodyTooLarge = (c: Context) =>
  apiError(c, 413, 'BODY_TOO_LARGE', SERVER_MESSAGES.bodyTooLarge)

/** A route reads at most `maxSize` bytes of body: past it, 413 `BODY_TOO_LARGE`, unread. */
export const limitBody = (maxSize: number) => bodyLimit({ maxSize, onError: bodyTooLarge })
