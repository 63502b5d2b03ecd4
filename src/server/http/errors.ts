import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'

interface Issue {
  path: readonly PropertyKey[]
  message: string
}
type ValidationResult = { success: true } | { success: false; error: { issues: readonly Issue[] } }

/** zValidator hook: a 400 naming each wrong field, in place of the validator's raw output. */
export function invalidInput(result: ValidationResult, c: Context) {
  if (result.success) return
  const issues = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }))
  return c.json({ error: 'Invalid input', issues }, 400)
}

/** A JSON body sent under another content type would be read as empty: refuse it instead. */
export const requireJson = createMiddleware(async (c, next) => {
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
    return c.json({ error: 'Send the body as application/json' }, 415)
  }
  await next()
})
