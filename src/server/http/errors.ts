import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorBody, ApiErrorCode } from '../../shared/api-error'

interface Issue {
  path: readonly PropertyKey[]
  message: string
}
type ValidationResult = { success: true } | { success: false; error: { issues: readonly Issue[] } }

/** The one error body of Mofu's routes (src/shared/api-error.ts). */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
  issues?: ApiErrorBody['issues'],
) {
  const body: ApiErrorBody = issues === undefined ? { code, message } : { code, message, issues }
  return c.json(body, status)
}

/** zValidator hook: a 400 naming each wrong field, in place of the validator's raw output. */
export function invalidInput(result: ValidationResult, c: Context) {
  if (result.success) return
  const issues = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }))
  return apiError(c, 400, 'INVALID_INPUT', 'Invalid input', issues)
}

/** A JSON body sent under another content type would be read as empty: refuse it instead. */
export const requireJson = createMiddleware(async (c, next) => {
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
    return apiError(c, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json')
  }
  await next()
})

/** A body past a route's limit (Hono's bodyLimit onError). */
export const bodyTooLarge = (c: Context) => apiError(c, 413, 'BODY_TOO_LARGE', 'Body too large')
