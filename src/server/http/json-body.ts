import { zValidator } from '@hono/zod-validator'
import { every } from 'hono/combine'
import { createMiddleware } from 'hono/factory'
import type { MiddlewareHandler } from 'hono'
import type { $ZodType } from 'zod/v4/core'
import { invalidInput, limitBody, requireJson } from './errors'

/** Whether the request carries a body at all: a length, a chunked one, or a type. */
const bodySent = (c: Parameters<MiddlewareHandler>[0]) =>
  Number(c.req.header('Content-Length') ?? 0) > 0 ||
  c.req.header('Transfer-Encoding') !== undefined ||
  c.req.header('Content-Type') !== undefined

const whenSent = (middleware: MiddlewareHandler) =>
  createMiddleware(async (c, next) => (bodySent(c) ? middleware(c, next) : next()))

/**
 * A route's JSON body, read one way everywhere: sent as application/json (else 415), at most
 * `maxSize` bytes (else 413, unread), and valid by the shared schema (else 400 naming each wrong
 * field). An 'optional' body may be left out altogether and then reads as {}; one that is sent
 * is held to the same three rules.
 */
export function jsonBody<Schema extends $ZodType>(
  schema: Schema,
  maxSize: number,
  body: 'required' | 'optional' = 'required',
) {
  const validate = zValidator('json', schema, invalidInput)
  const reads = [requireJson, limitBody(maxSize)]
  // every() runs the checks in turn and answers with the first refusal; the route reads the
  // body through the validator's type, as if the validator stood alone.
  return every(...(body === 'required' ? reads : reads.map(whenSent)), validate) as typeof validate
}
